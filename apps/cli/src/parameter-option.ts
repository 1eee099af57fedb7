import { Option } from 'commander';

/**
 * An option that sets the tool parameter `parameter`: it is the option's attribute name, so a
 * command's options are its tool's input as they are, and a message naming the parameter can name
 * the flag (see rewrite-for-cli.ts). A flag without a value sets `preset` (default true).
 */
export class ParameterOption extends Option {
  readonly #parameter: string;

  constructor(flags: string, description: string, parameter: string) {
    super(flags, description);
    this.#parameter = parameter;
  }

  override attributeName(): string {
    return this.#parameter;
  }
}
