/**
 * What `aria-preview-comment` does, as one pure function: the text `pulumi preview --json` printed
 * (the digest, or the engine's events) in, the pull request's comment in GitHub Markdown out.
 */
import { readPreview } from "./input";
import { renderComment, type RenderOptions } from "./render";
import { reviewPreview } from "./resources";

/** The Markdown comment of a preview's JSON; throws, saying why, for a text that is not one. */
export function previewComment(json: string, options: RenderOptions = {}): string {
  return renderComment(reviewPreview(readPreview(json)), options);
}
