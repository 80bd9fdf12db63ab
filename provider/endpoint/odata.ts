/** An OData string literal for a `$filter`: single-quoted, with single quotes doubled. */
export function odataLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
