import type { JSX } from 'preact';
import { Icon } from './icons.js';

/** Props of {@link Suggestions}. */
export interface SuggestionsProps {
  /** The panel title, shown big in the empty conversation. */
  title: string;
  /** Heading above the suggestions (`labels.suggestionsHeading`, "Try asking"). */
  heading: string;
  /** Up to 4 starter questions (the `suggestions` option). */
  suggestions: readonly string[];
  /** Sends a suggestion as the question. */
  onPick(question: string): void;
}

/** The empty conversation: a welcome mark and the starter questions as buttons that send them. */
export function Suggestions({ title, heading, suggestions, onPick }: SuggestionsProps): JSX.Element {
  return (
    <div class="docent-empty">
      <div class="docent-empty-mark" aria-hidden="true">
        <Icon name="sparkle" size={26} />
      </div>
      <p class="docent-empty-title">{title}</p>
      {suggestions.length > 0 ? (
        <section class="docent-suggestions" aria-label={heading}>
          <p class="docent-suggestions-heading" aria-hidden="true">
            {heading}
          </p>
          <ul>
            {suggestions.map((question) => (
              <li key={question}>
                <button type="button" class="docent-suggestion" onClick={() => onPick(question)}>
                  <span>{question}</span>
                  <Icon name="send" size={14} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
