/**
 * The landing page carousel: illustrations of the first partner, a history museum in a French
 * port city with 16 explanatory panels. tools/marketing/images/make-images.ts (npm run images)
 * draws them in this order; `small` is the carousel's size, `large` the overlay's.
 */
import type { CarouselImage } from '../carousel-config.ts';

export const CAROUSEL_IMAGES: readonly CarouselImage[] = [
  {
    small: '/images/carousel/01-640.webp',
    large: '/images/carousel/01.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une salle du musée avec une rangée de panneaux numérotés, chacun avec son QR code ; une mère et son enfant les regardent, un visiteur en scanne un avec son téléphone.',
      en: 'Illustration: a museum gallery with a row of numbered panels, each with its QR code; a mother and her child look at them while a visitor scans one with his phone.',
    },
  },
  {
    small: '/images/carousel/02-640.webp',
    large: '/images/carousel/02.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une main tient un téléphone devant le panneau n° 9 ; l’écran cadre son QR code.',
      en: 'Illustration: a hand holds a phone up to panel 9; the screen frames its QR code.',
    },
  },
  {
    small: '/images/carousel/03-640.webp',
    large: '/images/carousel/03.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : un téléphone affiche le choix de la langue, l’espagnol sélectionné, entouré de bulles aux noms de langues : breton, grec, arabe, malgache, guarani, russe, albanais, turc, ukrainien…',
      en: 'Illustration: a phone shows the language picker with Spanish selected, surrounded by bubbles naming languages: Breton, Greek, Arabic, Malagasy, Guarani, Russian, Albanian, Turkish, Ukrainian…',
    },
  },
  {
    small: '/images/carousel/04-640.webp',
    large: '/images/carousel/04.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : gros plan sur le panneau n° 13, avec une image du port, des pastilles de langues et son QR code, relié par un pointillé au téléphone qui affiche l’article en anglais.',
      en: 'Illustration: close-up of panel 13, with a picture of the harbour, language tags and its QR code, linked by a dotted line to a phone showing the article in English.',
    },
  },
  {
    small: '/images/carousel/05-640.webp',
    large: '/images/carousel/05.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une famille, vue de dos, lit le panneau n° 11 consacré à une ancre ; l’enfant le montre du doigt, le père le scanne avec son téléphone.',
      en: 'Illustration: a family, seen from behind, reads panel 11 about an anchor; the child points at it and the father scans it with his phone.',
    },
  },
  {
    small: '/images/carousel/06-640.webp',
    large: '/images/carousel/06.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : le port au crépuscule, avec ses grues, les tours de la vieille ville, des voiliers au mouillage et un bateau de pêche qui se reflètent dans l’eau.',
      en: 'Illustration: the harbour at dusk, with its cranes, the old town’s towers, moored sailing boats and a fishing boat reflected in the water.',
    },
  },
  {
    small: '/images/carousel/07-640.webp',
    large: '/images/carousel/07.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : la maquette d’un trois-mâts dans une vitrine éclairée, sur son socle, avec son cartel et son QR code.',
      en: 'Illustration: a model three-masted ship in a lit glass case on a plinth, with its label and QR code.',
    },
  },
  {
    small: '/images/carousel/08-640.webp',
    large: '/images/carousel/08.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une carte ancienne d’un port, avec la côte, le bassin, une citadelle en étoile, la ville, une rose des vents et un voilier.',
      en: 'Illustration: an old chart of a port, with the coastline, the harbour basin, a star-shaped citadel, the town, a compass rose and a sailing boat.',
    },
  },
  {
    small: '/images/carousel/09-640.webp',
    large: '/images/carousel/09.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : un phare rayé sur son rocher à la nuit tombée, ses faisceaux balayant la mer sous un croissant de lune.',
      en: 'Illustration: a striped lighthouse on its rock at nightfall, its beams sweeping the sea under a crescent moon.',
    },
  },
  {
    small: '/images/carousel/10-640.webp',
    large: '/images/carousel/10.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : des filets de pêche qui sèchent sur le mur bleu d’une cabane, des bouées suspendues à des cordages, une caisse et un rouleau de corde.',
      en: 'Illustration: fishing nets drying on the blue wall of a shed, buoys hanging from ropes, a crate and a coil of rope.',
    },
  },
  {
    small: '/images/carousel/11-640.webp',
    large: '/images/carousel/11.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une grande ancre exposée dans une niche en arc, sa corde enroulée à ses pieds, et son cartel avec QR code.',
      en: 'Illustration: a large anchor displayed in an arched niche, its rope coiled at its foot, and its label with a QR code.',
    },
  },
  {
    small: '/images/carousel/12-640.webp',
    large: '/images/carousel/12.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une lanterne de pêcheur allumée sur une table, près d’un carnet de bord et d’un rouleau de corde, devant une fenêtre ouverte sur le port la nuit.',
      en: 'Illustration: a lit fisherman’s lantern on a table beside a logbook and a coil of rope, in front of a window looking onto the harbour at night.',
    },
  },
  {
    small: '/images/carousel/13-640.webp',
    large: '/images/carousel/13.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : le grand hall du musée, une enfilade d’arches au-dessus d’un sol en damier, des panneaux aux murs et quelques visiteurs.',
      en: 'Illustration: the museum’s great hall, a row of arches over a chequered floor, panels on the walls and a few visitors.',
    },
  },
  {
    small: '/images/carousel/14-640.webp',
    large: '/images/carousel/14.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une membre de l’équipe, vue de dos, rédige un article dans l’éditeur de Legenda sur son ordinateur portable ; l’écran montre l’article et son QR code.',
      en: 'Illustration: a staff member, seen from behind, writes an article in Legenda’s editor on her laptop; the screen shows the article and its QR code.',
    },
  },
  {
    small: '/images/carousel/15-640.webp',
    large: '/images/carousel/15.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une feuille imprimée de seize QR codes numérotés de 1 à 16 sur un tapis de découpe, avec des ciseaux, un crayon et le code n° 13 déjà découpé.',
      en: 'Illustration: a printed sheet of sixteen QR codes numbered 1 to 16 on a cutting mat, with scissors, a pencil and code 13 already cut out.',
    },
  },
  {
    small: '/images/carousel/16-640.webp',
    large: '/images/carousel/16.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : une partie de pétanque dans une cour ombragée de platanes, devant une façade aux volets bleus, sous une guirlande lumineuse.',
      en: 'Illustration: a game of pétanque in a courtyard shaded by plane trees, in front of a façade with blue shutters, under a string of lights.',
    },
  },
  {
    small: '/images/carousel/17-640.webp',
    large: '/images/carousel/17.webp',
    width: 1600,
    height: 1067,
    alt: {
      fr: 'Illustration : des boules de pétanque et le cochonnet sur le gravier, dans l’ombre tachetée des feuilles.',
      en: 'Illustration: pétanque boules and the jack on gravel, in the dappled shade of leaves.',
    },
  },
];
