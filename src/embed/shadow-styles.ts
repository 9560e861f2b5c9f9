const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

function supportsConstructableSheets(root: ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  );
}

/**
 * Applies `css` to a shadow root without inline styles: as a constructable stylesheet shared by
 * every widget of the document (allowed by any Content-Security-Policy), or, when a `nonce` is
 * given or constructable sheets are missing, as a `<style nonce>` element.
 * @returns a function that removes the styles again.
 */
export function applyShadowStyles(root: ShadowRoot, css: string, nonce: string | null): () => void {
  if (nonce === null && supportsConstructableSheets(root)) {
    const document = root.ownerDocument;
    let byText = sheets.get(document);
    if (byText === undefined) sheets.set(document, (byText = new Map()));
    let sheet = byText.get(css);
    if (sheet === undefined) {
      const View = (document.defaultView as (Window & { CSSStyleSheet?: typeof CSSStyleSheet }) | null)?.CSSStyleSheet ?? CSSStyleSheet;
      sheet = new View();
      sheet.replaceSync(css);
      byText.set(css, sheet);
    }
    const adopted = sheet;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, adopted];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((candidate) => candidate !== adopted);
    };
  }
  const style = root.ownerDocument.createElement('style');
  if (nonce !== null) style.nonce = nonce;
  style.textContent = css;
  root.prepend(style);
  return () => style.remove();
}
