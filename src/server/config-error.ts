/** A configuration value the site cannot start with: its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
