import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '../../server');

/**
 * Every server folder's test cases of one kind (`server/<folder>/<file>`, its export `name`),
 * merged by endpoint id: the cross-cutting RBAC and audit tests find the cases where the features
 * keep them, and no central list names them. Endpoints with cases in two folders are refused.
 */
export async function featureCases<C>(file: string, name: string, root = SERVER): Promise<Record<string, C>> {
  const all: Record<string, C> = {};
  const folderOf = new Map<string, string>();
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const path = join(root, folder, file);
    if (!existsSync(path)) continue;
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const cases = module[name];
    if (typeof cases !== 'object' || cases === null) throw new Error(`${folder}/${file} exports no ${name}`);
    for (const [id, c] of Object.entries(cases)) {
      const earlier = folderOf.get(id);
      if (earlier) throw new Error(`${id} has cases in both ${earlier}/${file} and ${folder}/${file}`);
      folderOf.set(id, folder);
      all[id] = c as C;
    }
  }
  return all;
}
