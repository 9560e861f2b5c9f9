/** The widget's version, exposed as `window.Docent.version`; kept equal to package.json's by a test. */
export const docentVersion = '0.1.0';
