/*
 * Everything pulumi-aria takes from @pulumi/pulumi beyond its public API, in one place. Each item is
 * loaded from the program's (or provider host's) own copy of the SDK, so that its classes and its
 * global state are the ones the rest of the process uses. test/unit/pulumi-internals.test.ts holds the
 * SDK to this contract: when a release moves or renames one of these, that test fails, naming it.
 */

/** The SDK's mock resource monitor class, which `pulumi.runtime.setMocks` installs. */
interface MocksModule {
  MockMonitor: abstract new (...args: never[]) => object;
}

/** The SDK's settings, where the current resource monitor is kept. */
interface SettingsModule {
  getMonitor(): object | undefined;
}

/** The module paths inside @pulumi/pulumi this module relies on, by what it takes from each. */
export const SDK_INTERNAL_MODULES = {
  mocks: "@pulumi/pulumi/runtime/mocks",
  settings: "@pulumi/pulumi/runtime/settings",
} as const;

/**
 * True when `pulumi.runtime.setMocks` is in force: the SDK then routes every resource registration
 * and invoke to the mocks' `newResource` and `call`, and so must the data functions. The monitor
 * `setMocks` installs is an instance of the SDK's `MockMonitor` (runtime/mocks.js), and no other
 * monitor is.
 */
export function mocksAreSet(): boolean {
  const { MockMonitor } = require(SDK_INTERNAL_MODULES.mocks) as MocksModule;
  const { getMonitor } = require(SDK_INTERNAL_MODULES.settings) as SettingsModule;
  return getMonitor() instanceof MockMonitor;
}
