import { describe, expect, test } from 'vitest';
import { buildConversationQuery } from './conversation-query';
import { inlineIndex, pagesOf } from './fixtures/inline-pages';

const index = inlineIndex([
  {
    path: '/guide/deploy',
    title: 'Deploy your site',
    markdown: '## GitHub Pages\n\nDeploy to GitHub Pages with the workflow below.\n\n## GitLab Pages\n\nDeploy to GitLab Pages with a `.gitlab-ci.yml` job.\n',
  },
  {
    path: '/guide/integrations',
    title: 'Integrations',
    markdown: '## GitLab\n\nLink GitLab issues to pages. GitLab tokens need the api scope.\n\n## Slack\n\nPost new pages to Slack.\n',
  },
  {
    path: '/reference/sidebar',
    title: 'Sidebar',
    markdown: '## Configure the sidebar\n\nList the sidebar links in the config. Each sidebar group can collapse.\n',
  },
]);

function search(turns: string[]) {
  const conversation = turns.flatMap((text) => [
    { role: 'user' as const, text },
    { role: 'assistant' as const, text: 'Here is what the documentation says about GitLab integrations.' },
  ]);
  return pagesOf(index.search({ ...buildConversationQuery(conversation.slice(0, -1)), limit: 5 }));
}

describe('buildConversationQuery', () => {
  test('the latest user message is the query; earlier user messages are history, most recent first', () => {
    expect(
      buildConversationQuery(
        [
          { role: 'user', text: 'How do I install it?' },
          { role: 'assistant', text: 'Run npm install.' },
          { role: 'user', text: ' How do I theme it? ' },
          { role: 'assistant', text: 'Use CSS variables.' },
          { role: 'user', text: 'And dark mode?' },
        ],
        [{ type: 'textSelection', value: 'prefers-color-scheme' }],
      ),
    ).toEqual({ query: 'And dark mode?\nprefers-color-scheme', history: ['How do I theme it?', 'How do I install it?'] });
  });

  test('a first question has no history', () => {
    expect(buildConversationQuery([{ role: 'user', text: 'Hello?' }])).toEqual({ query: 'Hello?', history: [] });
  });
});

describe('conversation-aware search', () => {
  test('a follow-up stays on the conversation topic', () => {
    // Alone, "GitLab" is most about the integrations page; after a question about deploying it is about deploying there.
    expect(search(['And what about GitLab?'])[0]).toBe('/guide/integrations');
    expect(search(['How do I deploy my site to GitHub Pages?', 'And what about GitLab?'])[0]).toBe('/guide/deploy');
  });

  test('a follow-up with its own subject is not dragged back to the old topic', () => {
    // As many of the earlier question's words match the deploy page as the new question's match the sidebar page.
    expect(search(['How do I deploy to GitHub?', 'How do I collapse sidebar groups?'])[0]).toBe('/reference/sidebar');
  });

  test('earlier messages count less the further back they are', () => {
    // Two topics back and forth: the more recent one wins.
    expect(search(['What about issues?', 'What about deploying?', 'And GitLab?'])[0]).toBe('/guide/deploy');
    expect(search(['What about deploying?', 'What about issues?', 'And GitLab?'])[0]).toBe('/guide/integrations');
  });
});
