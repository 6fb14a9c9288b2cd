// What an API module offers as its reader's editor shows it: each export with the doc comment of
// its declaration, followed through re-exports to where the name is declared.
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './imports.ts';

/**
 * For each module (a path from the project root), each of its exports with its doc comment, empty
 * when it has none. One program reads them all: each program costs seconds of type checking.
 */
export function exportDocs(modules: readonly string[]): Map<string, Map<string, string>> {
  const paths = modules.map((module) => join(ROOT, module));
  const program = ts.createProgram(paths, {
    allowImportingTsExtensions: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noResolve: false,
  });
  const checker = program.getTypeChecker();
  return new Map(
    modules.map((module, index) => {
      const symbol = checker.getSymbolAtLocation(program.getSourceFile(paths[index])!)!;
      const docs = checker.getExportsOfModule(symbol).map((exported): [string, string] => {
        const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        return [exported.name, ts.displayPartsToString(target.getDocumentationComment(checker)).trim()];
      });
      return [module, new Map(docs)];
    }),
  );
}
