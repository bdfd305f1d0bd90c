/**
 * Hand-written translations of the demo article's texts (src/features/demo/content.ts), which the
 * recording's fake engine answers with: the video shows real translations, as a good engine
 * would write them. One entry per segment, keyed by its French text; record.ts refuses to run
 * when a text of the article has no entry here.
 */

export type DemoLanguage = 'en' | 'es';

interface Entry {
  fr: string;
  en: string;
  es: string;
}

const ENTRIES: Entry[] = [
  {
    fr: 'La lanterne du pilote',
    en: 'The Pilot’s Lantern',
    es: 'El farol del práctico',
  },
  {
    fr: 'Laiton, cuivre et verre, vers 1880',
    en: 'Brass, copper and glass, around 1880',
    es: 'Latón, cobre y vidrio, hacia 1880',
  },
  {
    fr:
      'Par nuit noire ou dans la brume, aucun grand navire n’entrait au port sans son pilote. Cet ' +
      'homme connaissait chaque banc de sable, chaque courant et chaque roche de l’estuaire. Il ' +
      'montait à bord au large, souvent par une simple échelle de corde, puis guidait le ' +
      'capitaine jusqu’au quai.',
    en:
      'On a pitch-dark night or in fog, no large ship entered the harbour without its pilot. He ' +
      'knew every sandbank, every current and every rock in the estuary. He boarded out at sea, ' +
      'often by a simple rope ladder, then guided the captain all the way to the quay.',
    es:
      'En una noche cerrada o entre la niebla, ningún gran barco entraba en el puerto sin su ' +
      'práctico. Aquel hombre conocía cada banco de arena, cada corriente y cada roca del ' +
      'estuario. Subía a bordo mar adentro, a menudo por una simple escala de cuerda, y guiaba ' +
      'después al capitán hasta el muelle.',
  },
  {
    fr:
      'Cette lanterne l’accompagnait. Alimentée à l’huile de colza, elle éclairait le pont et ' +
      'permettait d’échanger des signaux avec le bateau-pilote [!La Vigilante!], qui attendait à ' +
      'l’entrée de la passe. Son verre épais, protégé par une cage de laiton, résistait aux ' +
      'paquets de mer.',
    en:
      'This lantern went with him. Burning rapeseed oil, it lit the deck and let him exchange ' +
      'signals with the pilot boat [!La Vigilante!], which waited at the mouth of the channel. ' +
      'Its thick glass, shielded by a brass cage, stood up to the waves that broke over the ' +
      'deck.',
    es:
      'Este farol lo acompañaba. Alimentado con aceite de colza, iluminaba la cubierta y permitía ' +
      'intercambiar señales con la lancha de prácticos [!La Vigilante!], que esperaba a la ' +
      'entrada del canal. Su grueso vidrio, protegido por una jaula de latón, resistía los golpes ' +
      'de mar.',
  },
  {
    fr:
      'Lanterne de pilote, laiton, cuivre et verre, vers 1880. Don d’une famille de pilotes du ' +
      'port, 1987.',
    en: 'Pilot’s lantern, brass, copper and glass, around 1880. Gift of a family of harbour pilots, 1987.',
    es:
      'Farol de práctico, latón, cobre y vidrio, hacia 1880. Donación de una familia de prácticos ' +
      'del puerto, 1987.',
  },
  {
    fr: 'En savoir plus',
    en: 'Learn more',
    es: 'Saber más',
  },
  {
    fr:
      'Le métier se transmettait souvent de père en fils. Pour être admis, un candidat devait ' +
      'avoir navigué plusieurs années, puis réussir un examen devant les autorités du port\u00a0: ' +
      'il y décrivait de mémoire les fonds, les balises et les feux de la côte.',
    en:
      'The trade was often handed down from father to son. To be admitted, a candidate had to ' +
      'have spent several years at sea, then pass an examination before the port authorities, ' +
      'describing from memory the depths, the beacons and the lights of the coast.',
    es:
      'El oficio solía transmitirse de padres a hijos. Para ser admitido, el candidato debía haber ' +
      'navegado varios años y aprobar después un examen ante las autoridades del puerto, en el ' +
      'que describía de memoria los fondos, las balizas y las luces de la costa.',
  },
  {
    fr:
      'Au XIXe siècle, les bateaux-pilotes faisaient la course\u00a0: le premier arrivé auprès d’un ' +
      'navire emportait le pilotage, et la prime qui allait avec. Ces départs par tous les ' +
      'temps ont coûté la vie à plus d’un pilote.',
    en:
      'In the 19th century, pilot boats raced one another: the first to reach a ship won the ' +
      'pilotage, and the fee that came with it. Setting out in all weathers cost more than one ' +
      'pilot his life.',
    es:
      'En el siglo XIX, las lanchas de prácticos competían en velocidad: la primera en llegar a ' +
      'un barco se quedaba con el practicaje y con la prima correspondiente. Aquellas salidas con ' +
      'cualquier tiempo costaron la vida a más de un práctico.',
  },
];

const byFrench = new Map(ENTRIES.map((entry) => [entry.fr, entry]));

/** The translation of one French text of the demo, or undefined when there is none. */
export function translationOf(french: string, lang: string): string | undefined {
  const entry = byFrench.get(french);
  return entry && (lang === 'en' || lang === 'es') ? entry[lang] : undefined;
}
