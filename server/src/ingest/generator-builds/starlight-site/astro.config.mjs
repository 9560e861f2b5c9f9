// A tiny Starlight site: built by Astro and Starlight themselves in starlight-build.test.ts, so the
// anchors and URLs Docent ingests can be checked against the HTML the generator really writes.
import starlight from '@astrojs/starlight';
import { defineConfig, passthroughImageService } from 'astro/config';

export default defineConfig({
  // No images are processed, so the build needs no native image library (sharp).
  image: { service: passthroughImageService() },
  integrations: [
    starlight({
      title: 'Harbor',
      // Search indexing runs a separate binary and is not what is checked here.
      pagefind: false,
      locales: {
        root: { label: 'English', lang: 'en' },
        fr: { label: 'Français', lang: 'fr' },
      },
    }),
  ],
});
