import { badRequest } from "./http-error";

/** API versions the pipeline service publishes (newest first). */
export const PIPELINE_API_VERSIONS = ["2019-10-17"] as const;
/** API versions the deployment service accepts (newest first). */
export const DEPLOYMENT_API_VERSIONS = ["2020-08-25", "2019-01-15"] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Checks the optional `apiVersion` query parameter: absent or empty means "latest"; anything
 * else must be a real yyyy-MM-dd date and one of the supported versions (400 otherwise).
 */
export function checkApiVersion(query: URLSearchParams, supported: readonly string[]): void {
  const value = query.get("apiVersion");
  if (value === null || value === "") return;
  if (!isRealDate(value)) {
    throw badRequest(`Invalid apiVersion '${value}': expected a date in yyyy-MM-dd format (UTC)`);
  }
  if (!supported.includes(value)) {
    throw badRequest(`Unsupported apiVersion '${value}'. Supported versions: ${supported.join(", ")}`);
  }
}
