// The endpoint the benchmark programs declare, as an API spec: the API floor and the lookup
// benchmark send exactly what the provider sends for bench/programs/endpoints.

/** The spec of endpoint `i` (its folderPath changed when `i === changed`). */
export function endpointSpec({ i, changed = -1, targetUrl, namePrefix = "bench-endpoint" }) {
  return {
    name: `${namePrefix}-${i}`,
    type: "jenkins",
    project: "Default Project",
    description: `Benchmark endpoint ${i}`,
    isRestricted: false,
    properties: {
      url: `${targetUrl}/jenkins/${i}`,
      username: "bench",
      folderPath: i === changed ? "/jobs/changed" : "/jobs",
      password: `bench-password-${i}`,
    },
  };
}
