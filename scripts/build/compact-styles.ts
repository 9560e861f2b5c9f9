import type { Plugin } from 'vite';

/**
 * The widget's stylesheets are written one rule or declaration group a line for reading
 * (`/* css *\/` template literals in src/ui/styles*.ts); both builds ship them without those
 * line breaks. A break next to `{`, `}`, `;`, `,` or `>` goes; any other becomes one space, so a
 * selector or value split over lines keeps its meaning. Literals with `${…}` are left alone.
 */
export function compactStyles(): Plugin {
  const stylesFile = /\/src\/ui\/styles[\w-]*\.ts$/;
  return {
    name: 'docent:compact-styles',
    apply: 'build',
    // Before the TypeScript transform, which drops the `/* css */` markers.
    enforce: 'pre',
    transform(code, id) {
      if (!stylesFile.test(id)) return null;
      const compacted = code.replace(/\/\* css \*\/ `([^`]*)`/g, (literal, css: string) =>
        css.includes('${') ? literal : `\`${compactCss(css)}\``,
      );
      return compacted === code ? null : { code: compacted, map: null };
    },
  };
}

/** CSS text without its line breaks (see {@link compactStyles}). */
export function compactCss(css: string): string {
  return css
    .replace(/\s*\n\s*/g, '\n')
    .replace(/\n(?=[{};,>])|(?<=[{};,>])\n/g, '')
    .replace(/\n/g, ' ')
    .trim();
}
