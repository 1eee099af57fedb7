/** The text a text client shows the model of an MCP tool result: its text parts, joined. */
export function textOf(result: unknown): string {
  const { content } = result as { content: { type: string; text?: string }[] };
  return content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}
