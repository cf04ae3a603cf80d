import { packageVersion } from "./client/user-agent";

/** This package's version, from its package.json. */
export const VERSION: string = packageVersion();
