import type { DocsGenerator } from '../ingested-docs';
import type { Dialect, DialectOptions } from './dialect';
import { createDocusaurusDialect } from './docusaurus';
import { createGfmDialect } from './gfm';
import { createGitbookDialect } from './gitbook';
import { createHugoDialect } from './hugo';
import { createJekyllDialect } from './jekyll';
import { createMdbookDialect } from './mdbook';
import { createMintlifyDialect } from './mintlify';
import { createMkdocsDialect } from './mkdocs';
import { createSphinxDialect } from './sphinx';
import { createStarlightDialect } from './starlight';
import { createVitepressDialect } from './vitepress';

/** The dialect of a Markdown generator (not `html`: a built site is read by `ingestBuiltSite`). */
export async function createDialect(generator: Exclude<DocsGenerator, 'html'>, options: DialectOptions): Promise<Dialect> {
  switch (generator) {
    case 'vitepress':
      return createVitepressDialect(options);
    case 'docusaurus':
      return createDocusaurusDialect(options);
    case 'mkdocs':
      return createMkdocsDialect(options);
    case 'starlight':
      return createStarlightDialect(options);
    case 'mintlify':
      return createMintlifyDialect(options);
    case 'mdbook':
      return createMdbookDialect(options);
    case 'gitbook':
      return createGitbookDialect(options);
    case 'hugo':
      return createHugoDialect(options);
    case 'jekyll':
      return createJekyllDialect(options);
    case 'sphinx':
      return createSphinxDialect(options);
    case 'gfm':
      return createGfmDialect(options);
  }
}
