import { tool } from 'ai';
import { z } from 'zod/v4';
import type { TodoItem } from './job-types';
import { WorkspacePathError, type WorkspaceFiles } from './workspace-files';

/** Where the tools keep what the agent decides besides files. */
export interface AgentToolState {
  /** Replaces the job's todo list. */
  saveTodos(todos: TodoItem[]): void | Promise<void>;
  /** Records the job's title. */
  saveTitle(title: string): void | Promise<void>;
}

/**
 * Runs a file operation, handing path problems back to the model as a result it can act on
 * (a thrown error would end the tool call without telling the model what to do instead).
 * Anything else becomes a generic message: an unexpected error's text may carry the server's
 * absolute paths, and the model (and whoever wrote the prompt) must never see those.
 */
async function guarded<T>(operation: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof WorkspacePathError) return { error: error.message };
    return { error: 'The file operation failed on the server; try another path or continue without it.' };
  }
}

const todoStatus = z.enum(['pending', 'in_progress', 'completed']);

/**
 * The agent's tools: list, read, search and write files in its worktree (paths relative to the
 * repository root, confined to it), keep its todo list, and name the job.
 */
export function createAgentTools(files: WorkspaceFiles, state: AgentToolState) {
  return {
    list_files: tool({
      description: 'List the files in the repository (or in one folder of it). Paths are relative to the repository root.',
      inputSchema: z.object({
        path: z.string().optional().describe('Folder to list, relative to the repository root; omit for the whole repository.'),
      }),
      execute: ({ path }) => guarded(() => files.list(path)),
    }),
    read_file: tool({
      description: 'Read a text file of the repository.',
      inputSchema: z.object({ path: z.string().describe('File path relative to the repository root, e.g. "docs/index.md".') }),
      execute: ({ path }) => guarded(() => files.read(path)),
    }),
    search_files: tool({
      description: 'Find the lines that contain a word or phrase (case-insensitive) in the repository files.',
      inputSchema: z.object({
        query: z.string().describe('The text to look for.'),
        path: z.string().optional().describe('Folder to search in; omit for the whole repository.'),
      }),
      execute: ({ query, path }) => guarded(() => files.search(query, path)),
    }),
    write_file: tool({
      description: 'Create or replace a file with the given full content. Folders are created as needed.',
      inputSchema: z.object({
        path: z.string().describe('File path relative to the repository root.'),
        content: z.string().describe('The complete new content of the file.'),
      }),
      execute: ({ path, content }) => guarded(() => files.write(path, content)),
    }),
    todo_write: tool({
      description:
        'Replace your todo list for this job. Write it when you plan the work and update it as items are done; the user sees it.',
      inputSchema: z.object({
        todos: z
          .array(
            z.object({
              id: z.string().optional().describe('Keep the same id for the same item across updates.'),
              content: z.string().min(1).describe('What is to be done.'),
              status: todoStatus.default('pending'),
            }),
          )
          .max(50),
      }),
      execute: async ({ todos }) => {
        const saved: TodoItem[] = todos.map((todo, index) => ({
          id: todo.id && todo.id.trim() !== '' ? todo.id : String(index + 1),
          content: todo.content,
          status: todo.status,
        }));
        await state.saveTodos(saved);
        return { todos: saved };
      },
    }),
    set_title: tool({
      description: 'Give the job a short title (under 80 characters) that summarises the change, e.g. "Document the theme option".',
      inputSchema: z.object({ title: z.string().min(1).max(200) }),
      execute: async ({ title }) => {
        await state.saveTitle(title.trim());
        return { title: title.trim() };
      },
    }),
  };
}

/** The tool set given to the model. */
export type AgentTools = ReturnType<typeof createAgentTools>;
