/** Wraps code the way the harness extracts it from a model reply. */
export function typescriptFence(code: string): string {
  return '```typescript\n' + code.trimEnd() + '\n```\n';
}
