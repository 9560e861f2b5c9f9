/**
 * Styles of code blocks in answers and their syntax colours (Prism's `token <type>` classes from
 * the highlighter), one palette per colour scheme. A token with several classes takes the colour
 * of the last rule that names one of them: YAML's `boolean important` is a boolean, Bash's
 * `builtin class-name` a builtin.
 */
export const codeStyles = /* css */ `
.docent-code{margin:0 0 .75em;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);background:var(--_code-surface);overflow:hidden}
.docent-code-header{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:32px;padding:3px 4px 3px 12px;
border-bottom:1px solid var(--_border);font-size:12px;color:var(--_text-muted)}
.docent-code-language{font-family:var(--_mono);font-size:11.5px}
.docent-code-copy{display:inline-flex;align-items:center;gap:5px;height:26px;padding:0 7px;border-radius:6px;color:var(--_text-muted);font-size:12px;transition:background-color .15s}
.docent-code-copy:hover{background:var(--_surface-muted);color:var(--_text)}
.docent-code-copy.docent-is-copied{color:var(--_accent)}
.docent-code-body{margin:0;padding:12px 14px;overflow-x:auto;font-family:var(--_mono);font-size:12.5px;line-height:1.6;tab-size:2;white-space:pre;color:var(--_text);
scrollbar-width:thin;scrollbar-color:var(--_border) transparent}
.docent-code-body:focus-visible{outline-offset:-2px}
.docent-code-body code{font:inherit;background:none;border:0;padding:0}
.docent-root{--_hl-keyword:#cf222e;--_hl-string:#0a3069;--_hl-number:#0550ae;--_hl-comment:#59636e;--_hl-title:#8250df;--_hl-type:#953800;--_hl-tag:#116329}
.docent-root[data-theme=dark]{--_hl-keyword:#ff7b72;--_hl-string:#a5d6ff;--_hl-number:#79c0ff;--_hl-comment:#8b949e;--_hl-title:#d2a8ff;--_hl-type:#ffa657;--_hl-tag:#7ee787}
.docent-code .token.keyword,.docent-code .token.rule,.docent-code .token.important{color:var(--_hl-keyword)}
.docent-code .token.string,.docent-code .token.char,.docent-code .token.regex,.docent-code .token.url,.docent-code .token.attr-value{color:var(--_hl-string)}
.docent-code .token.number,.docent-code .token.boolean,.docent-code .token.constant,.docent-code .token.entity,.docent-code .token.property,.docent-code .token.key,.docent-code .token.attr-name,.docent-code .token.attribute,.docent-code .token.pseudo-class{color:var(--_hl-number)}
.docent-code .token.function,.docent-code .token.class-name,.docent-code .token.class,.docent-code .token.id{color:var(--_hl-title)}
.docent-code .token.builtin,.docent-code .token.variable{color:var(--_hl-type)}
.docent-code .token.tag,.docent-code .token.tag .token.class-name{color:var(--_hl-tag)}
.docent-code .token.comment,.docent-code .token.prolog,.docent-code .token.doctype,.docent-code .token.cdata,.docent-code .token.shebang,.docent-code .token.shell-symbol{color:var(--_hl-comment)}
.docent-code .token.comment{font-style:italic}
.docent-code .token.tag .token.script{color:var(--_text)}
`;
