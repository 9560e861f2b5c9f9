import { useEffect, useRef, useState } from 'react';
import 'docent/element';
import type { DocentChatElement } from 'docent/element';

export function App() {
  const chat = useRef<DocentChatElement>(null);
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    // An array option through the element's property (React 18 passes only text attributes).
    if (chat.current !== null) chat.current.suggestions = ['How do I install Docent?'];
    // The widget's events are mirrored on window as docent:<name>.
    const countAnswer = () => setAnswers((count) => count + 1);
    window.addEventListener('docent:finish', countAnswer);
    return () => window.removeEventListener('docent:finish', countAnswer);
  }, []);
  return (
    <main>
      <h1>React consumer</h1>
      <p id="answers">Answers: {answers}</p>
      <docent-chat ref={chat} domain="demo" api-key="svc_dsc_demo" title="Ask the React docs" />
    </main>
  );
}
