import type { ArticleContent } from '../articles/content.ts';
import { MAX_CIRCUITS, saveCircuitSchema } from '../circuits/schema.ts';
import { MAX_TERMS } from '../glossary/schema.ts';
import { updateSettingsSchema } from '../settings/schema.ts';
import { visitorLanguagesOf } from '../settings/visitor-languages.ts';
import type { Archive } from './archive.ts';
import { invalidArchive } from './errors.ts';
import type { CircuitEntry, FolderEntry, GlossaryEntryOut, SettingsEntry } from './format.ts';

/**
 * A restore checked through before anything is written: every reference between the parts
 * leads somewhere in the archive, names and numbers are unique where they must be, and the
 * circuits and settings pass the rules their own screens apply (each article's content and each
 * glossary term were checked by theirs as they were read: items.ts).
 */
export interface RestorePlan {
  /** Parents before children. */
  folders: FolderEntry[];
  articles: {
    exportId: number;
    folderId: number | null;
    name: string;
    unformattedName: string;
    instructions: string;
    content: ArticleContent;
    published: boolean;
  }[];
  translations: Archive['translations'];
  glossary: GlossaryEntryOut[];
  circuits: CircuitEntry[];
  qrcodes: Archive['qrcodes'];
  settings: SettingsEntry;
}

const wrong = (file: string, message: string) =>
  invalidArchive('invalid_data', `${file}: ${message}`, { file });

function unique<T>(
  items: readonly T[],
  key: (item: T) => string | number,
  file: string,
  what: string,
) {
  const seen = new Set<string | number>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw wrong(file, `${what} ${JSON.stringify(k)} appears twice.`);
    seen.add(k);
  }
  return seen;
}

/** Folders with every parent before its children; a parent missing or a cycle is refused. */
function orderFolders(folders: FolderEntry[]): FolderEntry[] {
  const ids = unique(folders, (f) => f.id, 'data/folders.json', 'folder id');
  const ordered: FolderEntry[] = [];
  const placed = new Set<number>();
  let rest = folders;
  while (rest.length > 0) {
    const ready = rest.filter((f) => f.parentId === null || placed.has(f.parentId));
    if (ready.length === 0) {
      const bad = rest[0]!;
      throw wrong(
        'data/folders.json',
        bad.parentId !== null && !ids.has(bad.parentId)
          ? `folder ${bad.id} is in a folder the archive does not hold.`
          : `folder ${bad.id} is inside itself.`,
      );
    }
    for (const f of ready) placed.add(f.id);
    ordered.push(...ready);
    rest = rest.filter((f) => !placed.has(f.id));
  }
  return ordered;
}

function planArticles(archive: Archive, folderIds: Set<number>) {
  const file = 'data/articles.json';
  unique(archive.articles, (a) => a.id, file, 'article id');
  unique(archive.articles, (a) => a.name, file, 'article name');
  // Each article's content was checked as it was read (items.ts), its media moved already.
  const planned = archive.articles.map((article) => {
    if (article.folderId !== null && !folderIds.has(article.folderId)) {
      throw wrong(file, `article ${article.name} is in a folder the archive does not hold.`);
    }
    const { id: exportId, folderPath: _, ...rest } = article;
    return { ...rest, exportId };
  });
  // Stop numbers are unique in a museum, in a restored one too.
  const numbered = planned.filter((article) => article.content[0].stop !== undefined);
  unique(numbered, (article) => article.content[0].stop ?? 0, file, 'stop number');
  return planned;
}

/** Each term was checked by the glossary's rules as it was read (items.ts). */
function planGlossary(terms: GlossaryEntryOut[]): GlossaryEntryOut[] {
  const file = 'data/glossary.json';
  if (terms.length > MAX_TERMS) throw wrong(file, `more than ${MAX_TERMS} entries.`);
  unique(terms, (t) => t.term.toLowerCase(), file, 'term');
  return terms;
}

function planCircuits(circuits: CircuitEntry[], articleIds: Set<number>): CircuitEntry[] {
  const file = 'data/circuits.json';
  if (circuits.length > MAX_CIRCUITS) throw wrong(file, `more than ${MAX_CIRCUITS} circuits.`);
  unique(circuits, (c) => c.id, file, 'circuit id');
  unique(circuits, (c) => c.name, file, 'circuit name');
  return circuits.map((circuit) => {
    const parsed = saveCircuitSchema.safeParse({ ...circuit, id: undefined });
    if (!parsed.success) {
      throw wrong(file, `circuit ${circuit.name}: ${parsed.error.issues[0]?.message ?? ''}`);
    }
    if (parsed.data.articleIds.some((id) => !articleIds.has(id))) {
      throw wrong(file, `circuit ${circuit.name} stops at an article the archive does not hold.`);
    }
    const { name, title, intro, articleIds: stops } = parsed.data;
    return { id: circuit.id, name, title, intro, articleIds: stops };
  });
}

function planQrcodes(archive: Archive, articleIds: Set<number>, circuitIds: Set<number>) {
  const file = 'data/qrcodes.json';
  unique(archive.qrcodes, (q) => q.link, file, 'code');
  for (const code of archive.qrcodes) {
    const badArticle = code.articleId !== null && !articleIds.has(code.articleId);
    const badCircuit = code.circuitId !== null && !circuitIds.has(code.circuitId);
    if (badArticle || badCircuit || (code.articleId !== null && code.circuitId !== null)) {
      throw wrong(file, `code ${code.link} leads to something the archive does not hold.`);
    }
  }
  return archive.qrcodes;
}

function planTranslations(archive: Archive, articleIds: Set<number>) {
  const file = 'data/translations.json';
  unique(archive.translations, (t) => `${t.articleId} ${t.language} ${t.ref}`, file, 'translation');
  for (const entry of archive.translations) {
    if (!articleIds.has(entry.articleId)) {
      throw wrong(file, `a translation belongs to an article the archive does not hold.`);
    }
  }
  return archive.translations;
}

/** The settings as the settings screen would save them (its checks, its spelling). */
function planSettings(settings: SettingsEntry): SettingsEntry {
  const parsed = updateSettingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw wrong('data/settings.json', `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
  }
  const { sourceLanguage, timeZone } = parsed.data;
  const priorityLanguages = parsed.data.priorityLanguages ?? [];
  const speech = parsed.data.speech ?? settings.speech;
  const visitorLanguages = visitorLanguagesOf(
    { sourceLanguage, visitorLanguages: settings.visitorLanguages },
    { visitorLanguages: null },
    { priorityLanguages, speech },
  );
  return { sourceLanguage, timeZone, priorityLanguages, speech, visitorLanguages };
}

export function planRestore(archive: Archive): RestorePlan {
  const folders = orderFolders(archive.folders);
  const articles = planArticles(archive, new Set(folders.map((f) => f.id)));
  const articleIds = new Set(articles.map((a) => a.exportId));
  const circuits = planCircuits(archive.circuits, articleIds);
  return {
    folders,
    articles,
    translations: planTranslations(archive, articleIds),
    glossary: planGlossary(archive.glossary),
    circuits,
    qrcodes: planQrcodes(archive, articleIds, new Set(circuits.map((c) => c.id))),
    settings: planSettings(archive.settings),
  };
}
