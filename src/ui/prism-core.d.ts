/**
 * Types for Prism's core on its own (the package's `prismjs` entry also bundles grammars and a
 * plugin the widget does not want): the same API as `prismjs`, which `@types/prismjs` describes.
 */
declare module 'prismjs/components/prism-core.js' {
  import * as Prism from 'prismjs';

  export default Prism;
}
