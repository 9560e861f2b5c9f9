import { codeStyles } from './styles-code.js';
import { conversationStyles } from './styles-conversation.js';

// Public theming hooks: --docent-accent, --docent-accent-contrast, --docent-radius,
// --docent-font, --docent-z-index, --docent-panel-top (the page's top bar the panel leaves
// free, 64px), and surface/text/border colours for each scheme
// (--docent-surface, --docent-text, --docent-text-muted, --docent-border, and the same with
// --docent-dark-…). Set them on the host element (or through the options); the widget derives
// its private --_… variables from them, so a host's values always win over the defaults.
// The accent plays two parts: --_accent is text and icons on the surface, --_accent-fill the
// background under --_accent-contrast text (launcher, buttons, the reader's bubbles). They are
// the same colour except for the dark scheme's defaults, where no one blue is both light enough
// on the dark surface and dark enough under white text (WCAG AA, 4.5:1 either way).
// The default colours meet 4.5:1 for text on every surface they are used on.
// Motion never lowers contrast: animations and transitions move boxes (transform) or change
// backgrounds and borders, never the opacity of anything with text nor the colour of text
// (axe, like a reader, sees every frame of a fade, and half-faded text fails 4.5:1). A reader
// who asks for reduced motion gets none at all (the media query at the end).
const baseStyles = /* css */ `
:host{all:initial}
.docent-root{
--_accent:var(--docent-accent,#2563eb);
--_accent-fill:var(--_accent);
--_accent-contrast:var(--docent-accent-contrast,#fff);
--_accent-soft:color-mix(in srgb,var(--_accent) 12%,transparent);
--_radius:var(--docent-radius,12px);
--_font:var(--docent-font,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);
--_mono:var(--docent-font-mono,ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace);
--_z:var(--docent-z-index,2147483000);
--_surface:var(--docent-surface,#fff);
--_surface-muted:var(--docent-surface-muted,#f5f6f8);
--_text:var(--docent-text,#111827);
--_text-muted:var(--docent-text-muted,#646b78);
--_border:var(--docent-border,#e5e7eb);
--_code-surface:var(--docent-code-surface,#f7f8fa);
--_warning:#b45309;
--_danger:#dc2626;
--_shadow:0 0 0 1px rgb(15 23 42/.04),0 12px 24px -6px rgb(15 23 42/.12),0 32px 64px -12px rgb(15 23 42/.22);
color-scheme:light;
font-family:var(--_font);font-size:14px;line-height:1.5;font-weight:400;font-style:normal;
color:var(--_text);text-align:left;letter-spacing:normal;text-transform:none;word-spacing:normal;
white-space:normal;direction:ltr;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}
.docent-root[data-theme=dark]{
--_accent:var(--docent-accent,#4493f8);
--_accent-fill:var(--docent-accent,#2563eb);
--_accent-soft:color-mix(in srgb,var(--_accent) 20%,transparent);
--_surface:var(--docent-dark-surface,#16181d);
--_surface-muted:var(--docent-dark-surface-muted,#1f232a);
--_text:var(--docent-dark-text,#e8eaed);
--_text-muted:var(--docent-dark-text-muted,#9ba1aa);
--_border:var(--docent-dark-border,#2d323b);
--_code-surface:var(--docent-dark-code-surface,#0f1115);
--_warning:#fbbf24;
--_danger:#f87171;
--_shadow:0 0 0 1px rgb(255 255 255/.06),0 16px 40px -8px rgb(0 0 0/.6);
color-scheme:dark}
:where(.docent-root) *,:where(.docent-root) *::before,:where(.docent-root) *::after{box-sizing:border-box}
:where(.docent-root) button{margin:0;padding:0;border:0;background:none;color:inherit;font:inherit;line-height:inherit;cursor:pointer;-webkit-tap-highlight-color:transparent}
:where(.docent-root) button:disabled{cursor:not-allowed}
:where(.docent-root) :focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.docent-icon{display:block;flex:none}
.docent-sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}

.docent-launcher{position:fixed;bottom:20px;right:20px;z-index:var(--_z);display:inline-flex;align-items:center;gap:8px;
height:44px;padding:0 16px 0 14px;border-radius:999px;background:var(--_accent-fill);color:var(--_accent-contrast);
font-size:14px;font-weight:600;box-shadow:0 6px 16px -4px color-mix(in srgb,var(--_accent-fill) 55%,transparent),0 2px 4px rgb(15 23 42/.12);
transition:transform .18s ease,box-shadow .18s ease,visibility 0s}
.docent-root[data-position=left] .docent-launcher{right:auto;left:20px}
.docent-launcher:hover{transform:translateY(-1px);box-shadow:0 10px 22px -6px color-mix(in srgb,var(--_accent-fill) 60%,transparent),0 2px 6px rgb(15 23 42/.14)}
.docent-launcher:active{transform:translateY(0) scale(.98)}
.docent-launcher:focus-visible{outline-offset:3px}
.docent-launcher.docent-is-expanded{visibility:hidden;transform:scale(.92);transition:none}
.docent-launcher-shortcut{font:500 11px/1 var(--_font);padding:3px 5px;border-radius:6px;border:1px solid color-mix(in srgb,currentColor 50%,transparent);color:inherit}

.docent-panel{position:fixed;top:calc(var(--docent-panel-top,64px) + 12px);bottom:12px;right:12px;z-index:var(--_z);display:flex;flex-direction:column;
width:min(400px,calc(100vw - 24px));background:var(--_surface);color:var(--_text);border:1px solid var(--_border);
border-radius:calc(var(--_radius) + 4px);box-shadow:var(--_shadow);overflow:hidden;animation:docent-panel-in .22s cubic-bezier(.2,.8,.2,1)}
.docent-root[data-position=left] .docent-panel{right:auto;left:12px}
.docent-panel[hidden]{display:none}
.docent-panel.docent-is-behind{visibility:hidden}
.docent-panel-header{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:10px 10px 10px 16px;border-bottom:1px solid var(--_border);flex:none}
.docent-title{display:flex;align-items:center;gap:10px;margin:0;font-size:15px;font-weight:600;line-height:1.3;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.docent-title-mark{display:grid;place-items:center;width:28px;height:28px;border-radius:8px;background:var(--_accent-soft);color:var(--_accent);flex:none}
.docent-header-actions{display:flex;gap:2px;flex:none}
.docent-icon-button{display:grid;place-items:center;width:34px;height:34px;border-radius:8px;color:var(--_text-muted);transition:background-color .15s}
.docent-icon-button:hover{background:var(--_surface-muted);color:var(--_text)}

.docent-selection-button{position:fixed;z-index:var(--_z);transform:translateX(-50%);display:inline-flex;align-items:center;gap:6px;
height:32px;padding:0 12px;border-radius:999px;background:var(--_accent-fill);color:var(--_accent-contrast);font-size:13px;font-weight:600;
box-shadow:0 8px 20px -6px rgb(15 23 42/.35),0 1px 3px rgb(15 23 42/.15);animation:docent-pop-in .14s ease-out}

@keyframes docent-panel-in{from{transform:translateY(12px) scale(.985)}to{transform:none}}
@keyframes docent-pop-in{from{transform:translateX(-50%) translateY(4px)}to{transform:translateX(-50%)}}
@keyframes docent-rise-in{from{transform:translateY(4px)}to{transform:none}}
@keyframes docent-bounce{0%,60%,100%{transform:translateY(0)}30%{transform:translateY(-4px)}}

@media (max-width:639.98px){
.docent-panel{top:0;right:0;bottom:0;left:0;width:auto;border:0;border-radius:0;box-shadow:none}
.docent-root[data-position=left] .docent-panel{left:0}
.docent-launcher{bottom:16px;right:16px}
.docent-root[data-position=left] .docent-launcher{left:16px}
.docent-launcher-shortcut{display:none}
}
@media (prefers-reduced-motion:reduce){
.docent-root *,.docent-root *::before,.docent-root *::after{animation:none!important;transition:none!important;scroll-behavior:auto!important}
}
`;

/**
 * The widget's whole stylesheet as one string. The embedding applies it to the shadow root as
 * a constructable stylesheet (or a `<style nonce>`), so it works under a strict CSP. Theming
 * goes only through CSS custom properties (`--docent-accent`, `--docent-radius`,
 * `--docent-font`, `--docent-z-index`, colours per scheme) and the root's `data-theme`.
 */
export const assistantStyles: string = baseStyles + conversationStyles + codeStyles;
