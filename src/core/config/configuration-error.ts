/** A setting is missing or wrong: the CLI prints the message alone, as one line, and exits 1. */
export class ConfigurationError extends Error {}
