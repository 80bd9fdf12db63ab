/*
 * During preview the engine hands `check` and `diff` the outputs of resources not yet created as
 * one sentinel string, whatever the declared type of the input (a boolean, a number, a whole object
 * can arrive as it). Everything that inspects inputs goes through these helpers, which are the
 * provider core's (../core/values.ts).
 */
export { UNKNOWN, type Unknown, isUnknown, containsUnknown } from "../core/values";
