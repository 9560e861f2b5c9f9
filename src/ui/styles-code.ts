/**
 * Styles of code blocks in answers and their syntax colours (`hljs-*` classes from the
 * highlighter), one palette per colour scheme.
 */
export const codeStyles = /* css */ `
.docent-code{margin:0 0 .75em;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);background:var(--_code-surface);overflow:hidden}
.docent-code-header{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:32px;padding:3px 4px 3px 12px;
border-bottom:1px solid var(--_border);font-size:12px;color:var(--_text-muted)}
.docent-code-language{font-family:var(--_mono);font-size:11.5px}
.docent-code-copy{display:inline-flex;align-items:center;gap:5px;height:26px;padding:0 7px;border-radius:6px;color:var(--_text-muted);font-size:12px;transition:background-color .15s,color .15s}
.docent-code-copy:hover{background:var(--_surface-muted);color:var(--_text)}
.docent-code-copy.docent-is-copied{color:var(--_accent)}
.docent-code-body{margin:0;padding:12px 14px;overflow-x:auto;font-family:var(--_mono);font-size:12.5px;line-height:1.6;tab-size:2;white-space:pre;color:var(--_text);
scrollbar-width:thin;scrollbar-color:var(--_border) transparent}
.docent-code-body:focus-visible{outline-offset:-2px}
.docent-code-body code{font:inherit;background:none;border:0;padding:0}
.docent-root{--_hl-keyword:#cf222e;--_hl-string:#0a3069;--_hl-number:#0550ae;--_hl-comment:#6e7781;--_hl-title:#8250df;--_hl-type:#953800;--_hl-tag:#116329;--_hl-attribute:#0550ae}
.docent-root[data-theme=dark]{--_hl-keyword:#ff7b72;--_hl-string:#a5d6ff;--_hl-number:#79c0ff;--_hl-comment:#8b949e;--_hl-title:#d2a8ff;--_hl-type:#ffa657;--_hl-tag:#7ee787;--_hl-attribute:#79c0ff}
.docent-code .hljs-keyword,.docent-code .hljs-doctag,.docent-code .hljs-template-tag,.docent-code .hljs-template-variable,.docent-code .hljs-variable.language_,.docent-code .hljs-meta .hljs-keyword{color:var(--_hl-keyword)}
.docent-code .hljs-string,.docent-code .hljs-regexp,.docent-code .hljs-meta .hljs-string{color:var(--_hl-string)}
.docent-code .hljs-number,.docent-code .hljs-literal,.docent-code .hljs-attr,.docent-code .hljs-attribute,.docent-code .hljs-property,.docent-code .hljs-operator,.docent-code .hljs-selector-attr,.docent-code .hljs-selector-pseudo{color:var(--_hl-number)}
.docent-code .hljs-comment,.docent-code .hljs-quote,.docent-code .hljs-meta,.docent-code .hljs-code{color:var(--_hl-comment)}
.docent-code .hljs-comment{font-style:italic}
.docent-code .hljs-title,.docent-code .hljs-title.function_,.docent-code .hljs-title.class_,.docent-code .hljs-section,.docent-code .hljs-selector-class,.docent-code .hljs-selector-id{color:var(--_hl-title)}
.docent-code .hljs-built_in,.docent-code .hljs-type,.docent-code .hljs-variable,.docent-code .hljs-symbol,.docent-code .hljs-bullet{color:var(--_hl-type)}
.docent-code .hljs-name,.docent-code .hljs-tag,.docent-code .hljs-selector-tag{color:var(--_hl-tag)}
.docent-code .hljs-addition{color:var(--_hl-tag)}
.docent-code .hljs-deletion{color:var(--_hl-keyword)}
.docent-code .hljs-section,.docent-code .hljs-strong{font-weight:600}
.docent-code .hljs-emphasis{font-style:italic}
`;
