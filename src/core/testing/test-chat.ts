import { AbstractChat, type ChatState, type ChatStatus, type ChatTransport } from 'ai';
import type { DocentUIMessage } from '../context-item.js';

/** The chat SDK's state kept in a plain array, as `useChat` keeps it in React/Preact state. */
class ArrayChatState implements ChatState<DocentUIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: DocentUIMessage[];

  constructor(messages: DocentUIMessage[]) {
    this.messages = messages;
  }

  pushMessage = (message: DocentUIMessage) => {
    this.messages = [...this.messages, message];
  };

  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };

  replaceMessage = (index: number, message: DocentUIMessage) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)];
  };

  snapshot = <T>(thing: T): T => structuredClone(thing);
}

/**
 * The chat SDK's own chat logic (`AbstractChat`, what `useChat` runs) without a UI framework,
 * so transport tests go through the real send, stream parsing, error and regenerate paths.
 */
export class TestChat extends AbstractChat<DocentUIMessage> {
  constructor(transport: ChatTransport<DocentUIMessage>, messages: DocentUIMessage[] = []) {
    super({ transport, state: new ArrayChatState(messages) });
  }
}
