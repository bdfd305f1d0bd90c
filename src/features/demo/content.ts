import type { z } from 'zod';
import type { contentSchema } from '../articles/content.ts';
import { DEMO_ARTICLE_NAME } from './demo.ts';

/**
 * The demo article, as a curator would write it in the editor: an object of a history museum in a
 * French port city, in French (a new museum's source language). Saved through the editor's
 * schema, so the stored article is exactly like one made by staff. Its texts are also the source
 * of the hand-written translations of tools/marketing/demo/translations.ts: change both together.
 */

/** The article's title (private to the museum; shown above the language picker). */
export const DEMO_TITLE = 'La lanterne du pilote';

/** The museum's guidance for the translation engine. */
export const DEMO_INSTRUCTIONS =
  'Vocabulaire maritime\u00a0: «\u00a0pilote\u00a0» désigne le pilote de port, qui guide les navires à l’entrée ' +
  'du port, jamais un aviateur. Le nom du bateau-pilote, La Vigilante, ne se traduit pas.';

const LANTERN = '#f2c46d';
const INK = '#ffffff';
const SOFT_INK = '#d5dde6';

const paragraph = (content: string) => ({
  type: 'text' as const,
  content,
  fontSize: 18,
  lineHeight: 27,
  color: INK,
});

const detail = (content: string) => ({ ...paragraph(content), fontSize: 17, lineHeight: 26 });

export const DEMO_CONTENT: z.input<typeof contentSchema> = [
  { type: 'metadatas', url: DEMO_ARTICLE_NAME, backgroundColor: '#14324b' },
  {
    type: 'text',
    content: 'La lanterne du pilote',
    fontSize: 32,
    lineHeight: 38,
    bold: true,
    color: INK,
  },
  {
    type: 'text',
    content: 'Laiton, cuivre et verre, vers 1880',
    fontSize: 15,
    lineHeight: 22,
    italic: true,
    color: LANTERN,
  },
  { type: 'space', size: 12 },
  paragraph(
    'Par nuit noire ou dans la brume, aucun grand navire n’entrait au port sans son pilote. Cet ' +
      'homme connaissait chaque banc de sable, chaque courant et chaque roche de l’estuaire. Il ' +
      'montait à bord au large, souvent par une simple échelle de corde, puis guidait le ' +
      'capitaine jusqu’au quai.',
  ),
  paragraph(
    'Cette lanterne l’accompagnait. Alimentée à l’huile de colza, elle éclairait le pont et ' +
      'permettait d’échanger des signaux avec le bateau-pilote [!La Vigilante!], qui attendait à ' +
      'l’entrée de la passe. Son verre épais, protégé par une cage de laiton, résistait aux ' +
      'paquets de mer.',
  ),
  {
    type: 'legendItem',
    content:
      'Lanterne de pilote, laiton, cuivre et verre, vers 1880. Don d’une famille de pilotes du ' +
      'port, 1987.',
    fontSize: 14,
    color: SOFT_INK,
  },
  { type: 'space', size: 8 },
  {
    type: 'accordion',
    header: { content: 'En savoir plus', fontSize: 18, bold: true, color: LANTERN },
    details: [
      detail(
        'Le métier se transmettait souvent de père en fils. Pour être admis, un candidat devait ' +
          'avoir navigué plusieurs années, puis réussir un examen devant les autorités du port\u00a0: ' +
          'il y décrivait de mémoire les fonds, les balises et les feux de la côte.',
      ),
      detail(
        'Au XIXe siècle, les bateaux-pilotes faisaient la course\u00a0: le premier arrivé auprès d’un ' +
          'navire emportait le pilotage, et la prime qui allait avec. Ces départs par tous les ' +
          'temps ont coûté la vie à plus d’un pilote.',
      ),
    ],
  },
  { type: 'space', size: 24 },
];
