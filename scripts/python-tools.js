// @ts-check
// The Python build tools that build the Python SDK's wheel and sdist (the e2e tests, test/e2e/sdk-tools.ts,
// and the release, scripts/release.mjs), pinned: the virtualenv holding them is cached under
// <cache>/python-sdk-build-<hash of the machine's Python version and this list>.
"use strict";

const PYTHON_TOOLS = ["build==1.6.1", "setuptools==84.2.1"];

module.exports = { PYTHON_TOOLS };
