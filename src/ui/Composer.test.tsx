// @vitest-environment happy-dom
import { signal } from '@preact/signals';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultLabels } from '../core/labels.js';
import { Composer } from './Composer.js';
import type { ComposerProps } from './Composer.js';

afterEach(cleanup);

function renderComposer(overrides: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    draft: signal(''),
    context: [],
    onRemoveContext: vi.fn(),
    labels: defaultLabels,
    disclaimer: 'AI can be wrong.',
    busy: false,
    onSubmit: vi.fn(),
    onStop: vi.fn(),
    ...overrides,
  };
  render(<Composer {...props} />);
  return { props, textbox: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

describe('Composer', () => {
  it('sends with Enter and the Send button, keeps Shift+Enter for new lines', () => {
    const { props, textbox } = renderComposer();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(textbox.placeholder).toBe(defaultLabels.placeholder);
    fireEvent.input(textbox, { target: { value: 'How do I theme it?' } });
    expect(props.draft.value).toBe('How do I theme it?');
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(textbox, { key: 'Enter', shiftKey: true });
    expect(props.onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(textbox, { key: 'Enter', isComposing: true });
    expect(props.onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(send);
    expect(props.onSubmit).toHaveBeenCalledTimes(2);
  });

  it('does not send a blank draft', () => {
    const { props, textbox } = renderComposer({ draft: signal('   \n ') });
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('offers Stop while busy and keeps the textbox usable without sending', () => {
    const { props, textbox } = renderComposer({ busy: true, draft: signal('Next question') });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(textbox.disabled).toBe(false);
    fireEvent.input(textbox, { target: { value: 'Next question, edited' } });
    expect(props.draft.value).toBe('Next question, edited');
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(props.onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(props.onStop).toHaveBeenCalledOnce();
  });

  it('shows the draft from the store, the chips and the disclaimer', () => {
    renderComposer({ draft: signal('Restored draft'), context: [{ type: 'code', value: 'let a = 1' }] });
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Restored draft');
    expect(screen.getByRole('list', { name: 'Attached context' }).textContent).toContain('let a = 1');
    expect(screen.getByText('AI can be wrong.')).toBeTruthy();
    cleanup();
    const { container } = render(
      <Composer
        draft={signal('')}
        context={[]}
        onRemoveContext={() => {}}
        labels={defaultLabels}
        disclaimer=""
        busy={false}
        onSubmit={() => {}}
        onStop={() => {}}
      />,
    );
    expect(container.querySelector('.docent-disclaimer')).toBeNull();
  });
});
