// @ts-check
// The pinned Python build tools of the Python SDK's wheel and sdist (test/e2e/sdk-tools.ts, the release).
"use strict";

const PYTHON_TOOLS = ["build==1.6.1", "setuptools==84.2.1"];

module.exports = { PYTHON_TOOLS };
