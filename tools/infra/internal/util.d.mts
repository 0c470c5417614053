// Types of what the TypeScript tests use from util.mjs.
export function run(
  cmd: string,
  args: string[],
  options?: { log?: (line: string) => void; quiet?: boolean; env?: NodeJS.ProcessEnv; cwd?: string; allowFail?: boolean; input?: string; timeoutMs?: number },
): Promise<{ code: number; out: string }>;
