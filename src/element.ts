// Must stay the first import: zod has to be jitless before the chat SDK builds its schemas.
import './core/jitless.js';
import { knownOptionNames, optionLabel, type DocentOptions } from './core/options.js';
import { mountWithUntypedOptions, type DocentInstance } from './embed/mount.js';

// Outside a browser (server-side rendering in Next, Nuxt, Astro, VitePress, Docusaurus) there is
// no HTMLElement: the module must still import, so the class extends a stand-in there and is
// registered only where `customElements` exists.
const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/**
 * `<docent-chat>`: the widget as a custom element (`import 'docent/element'`). Every option
 * has an attribute (kebab-case, JSON for objects: `api-key`, `retrieval-page-size`,
 * `labels='{"launcher":"Ask"}'`) and a property (camelCase, typed values: `element.apiKey`,
 * `element.labels = { launcher: 'Ask' }`). Changes after start apply live, like
 * `Docent.update()`. `open` is live too: setting it opens or closes the panel.
 * The full instance API (`open()`, `ask()`, `on()`…) is `element.docent`.
 * @example <docent-chat domain="acme" api-key="svc_dsc_…"></docent-chat>
 */
export class DocentChatElement extends ElementBase {
  /** The attributes that map to options. */
  static get observedAttributes(): string[] {
    return knownOptionNames.map((name) => optionLabel(name, 'element'));
  }

  #properties: Record<string, unknown> = {};
  #instance: DocentInstance | undefined;
  #pendingStart = false;
  #pendingDestroy = false;

  /** The running widget's API, once the element is connected. */
  get docent(): DocentInstance | undefined {
    return this.#instance;
  }

  /** The options from attributes, overridden by properties set in JavaScript. */
  #options(): Record<string, unknown> {
    const options: Record<string, unknown> = {};
    for (const name of knownOptionNames) {
      const attribute = this.getAttribute(optionLabel(name, 'element'));
      if (attribute !== null) options[name] = attribute;
    }
    return { ...options, ...this.#properties };
  }

  connectedCallback(): void {
    this.#pendingDestroy = false;
    if (this.#instance !== undefined || this.#pendingStart) return;
    this.#pendingStart = true;
    // Frameworks set properties right after inserting the element: start once they are in.
    queueMicrotask(() => {
      this.#pendingStart = false;
      if (!this.isConnected || this.#instance !== undefined) return;
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      this.#instance = mountWithUntypedOptions(root, this.#options(), { source: 'element' });
    });
  }

  disconnectedCallback(): void {
    // Moving the element fires disconnect then connect: keep the widget unless it stays out.
    this.#pendingDestroy = true;
    queueMicrotask(() => {
      if (!this.#pendingDestroy || this.isConnected) return;
      this.#instance?.destroy();
      this.#instance = undefined;
    });
  }

  attributeChangedCallback(attribute: string, previous: string | null, value: string | null): void {
    if (previous === value || this.#instance === undefined) return;
    const name = knownOptionNames.find((option) => optionLabel(option, 'element') === attribute);
    if (name !== undefined && !(name in this.#properties)) this.#apply(name, value ?? undefined);
  }

  #apply(name: string, value: unknown): void {
    if (this.#instance === undefined) return;
    if (name === 'open') {
      const wantsOpen = value === true || value === '' || value === 'true';
      if (wantsOpen) this.#instance.open();
      else this.#instance.close();
      return;
    }
    this.#instance.update({ [name]: value } as Partial<DocentOptions>);
  }

  /** Property form of an option. */
  protected getOption(name: string): unknown {
    return this.#properties[name] ?? this.getAttribute(optionLabel(name, 'element')) ?? undefined;
  }

  /** Sets the property form of an option (wins over the attribute). */
  protected setOption(name: string, value: unknown): void {
    this.#properties[name] = value;
    this.#apply(name, value);
  }
}

// One camelCase property per option, so `element.apiKey = '…'` works like the attribute.
for (const name of knownOptionNames) {
  Object.defineProperty(DocentChatElement.prototype, name, {
    configurable: true,
    enumerable: true,
    get(this: DocentChatElement) {
      return this['getOption'](name);
    },
    set(this: DocentChatElement, value: unknown) {
      this['setOption'](name, value);
    },
  });
}

/**
 * `<docent-chat>` as TypeScript sees it: an `HTMLElement` with every option as a property
 * (camelCase, typed values). `title` stays HTMLElement's own, so the panel's title is set with
 * the `title` attribute or `labels`.
 */
export interface DocentChatElement extends Partial<Omit<DocentOptions, 'open' | 'title'>> {
  /** Whether the panel is open (also the start-open option). */
  open?: boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    'docent-chat': DocentChatElement;
  }
}

if (typeof customElements !== 'undefined' && typeof HTMLElement !== 'undefined' && customElements.get('docent-chat') === undefined) {
  customElements.define('docent-chat', DocentChatElement);
}
