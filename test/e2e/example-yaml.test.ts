import { describeExample } from "./language-examples";

/*
 * examples/quickstart-yaml, as its README runs it, through the real CLI and the `aria` plugin (see
 * language-examples.ts): up, secrets never in clear in the state, a preview and a refresh with nothing
 * to do, bad inputs refused by preview naming the field, destroy with nothing left on the server.
 */

jest.setTimeout(900_000);

describeExample("yaml");
