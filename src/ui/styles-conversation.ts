/** Styles of the conversation: the log, messages, Markdown, sources, actions, errors and the composer. */
export const conversationStyles = /* css */ `
.docent-log{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;display:flex;flex-direction:column;gap:22px;padding:20px 16px 12px;
scrollbar-width:thin;scrollbar-color:var(--_border) transparent}
.docent-log:focus-visible{outline-offset:-2px}

.docent-empty{margin:auto 0;display:flex;flex-direction:column;align-items:center;text-align:center;padding:24px 4px}
.docent-empty-mark{display:grid;place-items:center;width:52px;height:52px;border-radius:16px;background:var(--_accent-soft);color:var(--_accent);margin-bottom:14px}
.docent-empty-title{margin:0 0 20px;font-size:18px;font-weight:600;letter-spacing:-.01em}
.docent-suggestions{width:100%}
.docent-suggestions-heading{margin:0 0 8px;font-size:12px;font-weight:600;color:var(--_text-muted);text-align:left}
.docent-suggestions ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.docent-suggestion{display:flex;align-items:center;justify-content:space-between;gap:12px;width:100%;padding:11px 14px;text-align:left;
border:1px solid var(--_border);border-radius:var(--_radius);background:var(--_surface);font-size:13.5px;transition:border-color .15s,background-color .15s}
.docent-suggestion .docent-icon{color:var(--_text-muted);transform:rotate(90deg)}
.docent-suggestion:hover{border-color:color-mix(in srgb,var(--_accent) 45%,var(--_border));background:var(--_accent-soft)}
.docent-suggestion:hover .docent-icon{color:var(--_accent)}

.docent-message{display:flex;flex-direction:column;min-width:0;animation:docent-rise-in .2s ease-out}
.docent-is-user{align-items:flex-end;align-self:flex-end;max-width:88%}
.docent-bubble{padding:9px 14px;border-radius:18px 18px 4px 18px;background:var(--_accent-fill);color:var(--_accent-contrast);
white-space:pre-wrap;overflow-wrap:anywhere;line-height:1.5}
.docent-is-user .docent-chips{justify-content:flex-end;margin:6px 0 0}
.docent-is-assistant{font-size:14.5px;line-height:1.65}

.docent-markdown{overflow-wrap:anywhere}
.docent-markdown>:first-child{margin-top:0}
.docent-markdown>:last-child{margin-bottom:0}
.docent-markdown+.docent-markdown{margin-top:.75em}
.docent-markdown p{margin:0 0 .75em}
.docent-markdown .docent-heading{margin:1.15em 0 .45em;font-weight:650;line-height:1.3;letter-spacing:-.005em}
.docent-markdown h3{font-size:1.12em}
.docent-markdown h4{font-size:1.04em}
.docent-markdown h5,.docent-markdown h6{font-size:1em}
.docent-markdown ul,.docent-markdown ol{margin:0 0 .75em;padding-left:1.45em}
.docent-markdown li{margin:.3em 0}
.docent-markdown li>p{margin:.3em 0}
.docent-markdown li::marker{color:var(--_text-muted)}
.docent-markdown .docent-task{list-style:none}
.docent-task-box{margin-left:-1.3em;display:inline-block;width:1.3em;color:var(--_text-muted)}
.docent-task-box.docent-is-checked{color:var(--_accent)}
.docent-markdown a{color:var(--_accent);text-decoration:underline;text-decoration-thickness:1px;text-underline-offset:2px}
.docent-markdown a:hover{text-decoration-thickness:2px}
.docent-markdown :not(pre)>code{font-family:var(--_mono);font-size:.86em;padding:.12em .38em;border-radius:5px;background:var(--_surface-muted);border:1px solid var(--_border)}
.docent-markdown blockquote{margin:0 0 .75em;padding:.1em 0 .1em 1em;border-left:3px solid var(--_border);color:var(--_text-muted)}
.docent-markdown hr{border:0;border-top:1px solid var(--_border);margin:1.1em 0}
.docent-markdown strong{font-weight:650}
.docent-raw-html{white-space:pre-wrap}
.docent-table{margin:0 0 .75em;overflow-x:auto;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 4px)}
.docent-table table{border-collapse:collapse;width:100%;font-size:.9em;line-height:1.45}
.docent-table th,.docent-table td{padding:7px 11px;text-align:left;border-bottom:1px solid var(--_border);vertical-align:top}
.docent-table th{background:var(--_surface-muted);font-weight:600}
.docent-table tr:last-child td{border-bottom:0}

.docent-typing{display:inline-flex;gap:5px;align-items:center;padding:6px 2px}
.docent-typing-dot{width:7px;height:7px;border-radius:50%;background:var(--_text-muted);animation:docent-bounce 1.2s infinite ease-in-out}
.docent-typing-dot:nth-child(2){animation-delay:.15s}
.docent-typing-dot:nth-child(3){animation-delay:.3s}

.docent-incomplete{display:flex;align-items:center;gap:6px;margin:10px 0 0;font-size:12.5px;color:var(--_warning)}
.docent-sources{margin-top:14px}
.docent-sources-heading{margin:0 0 6px;font-size:12px;font-weight:600;color:var(--_text-muted)}
.docent-sources ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.docent-sources li{max-width:100%}
.docent-source{display:inline-flex;align-items:center;gap:6px;max-width:100%;padding:5px 11px 5px 9px;border:1px solid var(--_border);border-radius:999px;
background:var(--_surface);color:var(--_text);font-size:12.5px;line-height:1.3;text-decoration:none;transition:border-color .15s}
.docent-source .docent-icon{color:var(--_text-muted)}
.docent-source:hover{border-color:var(--_accent);color:var(--_accent)}
.docent-source:hover .docent-icon{color:inherit}
.docent-source-title{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:240px}

.docent-actions{display:flex;align-items:center;gap:2px;margin-top:10px;margin-left:-6px}
.docent-action{display:grid;place-items:center;width:30px;height:30px;border-radius:7px;color:var(--_text-muted);transition:background-color .15s}
.docent-action:hover{background:var(--_surface-muted);color:var(--_text)}
.docent-action[aria-pressed=true]{color:var(--_accent);background:var(--_accent-soft)}
.docent-actions-status{margin-left:6px;font-size:12px;color:var(--_text-muted)}

.docent-error{display:grid;grid-template-columns:auto 1fr;gap:8px 10px;align-items:start;padding:12px 14px;border-radius:var(--_radius);
border:1px solid color-mix(in srgb,var(--_danger) 35%,var(--_border));background:color-mix(in srgb,var(--_danger) 7%,var(--_surface))}
.docent-error>.docent-icon{color:var(--_danger);margin-top:2px}
.docent-error-text{margin:0;font-size:13.5px;line-height:1.5}
.docent-error-retry{grid-column:2;justify-self:start}
.docent-button{display:inline-flex;align-items:center;gap:6px;height:30px;padding:0 12px;border:1px solid var(--_border);border-radius:8px;
background:var(--_surface);font-size:13px;font-weight:500;transition:border-color .15s}
.docent-button:hover{border-color:var(--_accent);color:var(--_accent)}

.docent-composer{flex:none;padding:10px 14px 12px;background:var(--_surface)}
.docent-composer-box{border:1px solid var(--_border);border-radius:var(--_radius);background:var(--_surface);padding:6px 6px 6px 10px;
transition:border-color .15s,box-shadow .15s;box-shadow:0 1px 2px rgb(15 23 42/.04)}
.docent-composer-box:focus-within{border-color:var(--_accent);box-shadow:0 0 0 1px var(--_accent),0 0 0 4px var(--_accent-soft)}
.docent-composer-row{display:flex;align-items:flex-end;gap:8px}
.docent-input{flex:1;min-width:0;min-height:32px;max-height:200px;margin:0;padding:6px 0;border:0;outline:0;resize:none;background:transparent;
color:var(--_text);font:inherit;font-size:14px;line-height:1.45}
.docent-input::placeholder{color:var(--_text-muted);opacity:1}
.docent-send{display:grid;place-items:center;width:32px;height:32px;border-radius:9px;background:var(--_accent-fill);color:var(--_accent-contrast);flex:none;transition:background-color .15s}
.docent-send:disabled{background:var(--_surface-muted);color:var(--_text-muted)}
.docent-send.docent-is-stop{background:var(--_text);color:var(--_surface)}
.docent-disclaimer{margin:8px 4px 0;font-size:11.5px;line-height:1.4;color:var(--_text-muted);text-align:center}

.docent-chips{list-style:none;display:flex;flex-wrap:wrap;gap:6px;margin:2px 0 6px;padding:0}
.docent-chip{display:inline-flex;align-items:center;gap:6px;max-width:100%;min-width:0;padding:3px 4px 3px 8px;border-radius:8px;
background:var(--_surface-muted);border:1px solid var(--_border);font-size:12px;line-height:1.4}
.docent-chip>.docent-icon{color:var(--_accent)}
.docent-chip-type{font-weight:600;flex:none}
.docent-chip-preview{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;max-width:220px;color:var(--_text-muted)}
.docent-chip-preview.docent-is-code{font-family:var(--_mono);font-size:11.5px}
.docent-chip-note{flex:none;font-size:11px;color:var(--_warning)}
.docent-chip-remove{display:grid;place-items:center;width:20px;height:20px;border-radius:5px;color:var(--_text-muted);flex:none}
.docent-chip-remove:hover{background:var(--_border);color:var(--_text)}
.docent-is-user .docent-chip{padding-right:8px}
`;
