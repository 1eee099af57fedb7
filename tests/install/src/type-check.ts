import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Type-checks `project` as `tsc -p` does, with the TypeScript installed there, and returns the errors
 * the way tsc prints them (`file(line,col): error TS...`, paths relative to the project). Every
 * declaration file is read and resolved, but only the project's own files and our packages'
 * declarations (`node_modules/@vault/`) are checked in full: with `skipLibCheck` false, checking
 * every other library's declarations too (@types/node, the SDKs, zod) took 11 s of CPU for errors
 * that are not ours (the SDKs use DOM types) and that no test asks about.
 */
export function typeCheck(project: string): string[] {
  const ts = createRequire(path.join(project, 'package.json'))('typescript') as typeof import('typescript');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(project, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const ours = (file: { fileName: string }) => !/^node_modules[/\\](?!@vault[/\\])/.test(path.relative(project, file.fileName));
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program
      .getSourceFiles()
      .filter(ours)
      .flatMap((file) => program.getSemanticDiagnostics(file)),
  ];
  const host = { getCanonicalFileName: (name: string) => name, getCurrentDirectory: () => project, getNewLine: () => '\n' };
  return ts
    .formatDiagnostics(diagnostics, host)
    .split('\n')
    .filter((line) => /error TS\d+/.test(line));
}
