import { version } from '../../package.json';

/** The widget's version (from package.json), exposed as `window.Docent.version`. */
export const docentVersion: string = version;
