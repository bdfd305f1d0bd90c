import type { Lang } from '../../i18n/paths.ts';

/**
 * The landing text dictionary: per language, the keys box1Landing, box2Landing,
 * box3Landing, video, mhm, petanque, qrCodeTest, qualities and CTA. The facts are the product's
 * claims: QR codes at once, an exhibition ready in 48 hours, more than 100 languages, the first
 * partner a history museum in a French port city with 16 panels, the pétanque exhibition from
 * 3 July 2025 to 18 January 2026, free, in sequence 13.
 */
export interface LandingText {
  /** The hero. */
  box1Landing: { eyebrow: string; title: string; lead: string; phoneAlt: string };
  /** 'How does it work'. */
  box2Landing: { title: string; steps: readonly { title: string; text: string }[] };
  /** 'Offer more than the artpiece'. */
  box3Landing: { title: string; text: string; points: readonly string[] };
  video: { title: string; text: string; label: string; fallback: string };
  /** The partner museum. */
  mhm: { title: string; text: string; facts: readonly string[]; carouselLabel: string };
  petanque: {
    title: string;
    dates: string;
    text: string;
    blogLink: string;
    externalLink: string;
    externalUrl: string;
  };
  qrCodeTest: { title: string; text: string; qrAlt: string; scanHint: string; link: string };
  qualities: readonly { title: string; text: string }[];
  CTA: { title: string; text: string };
}

const french: LandingText = {
  box1Landing: {
    eyebrow: 'Pour les musées et les lieux de culture',
    title: 'Vos textes de salle, lus dans la langue de chaque visiteur',
    lead:
      'Rédigez vos articles une fois, en français. Vos visiteurs scannent un code QR, choisissent ' +
      'parmi plus de 100 langues et lisent votre texte traduit par une IA qui respecte votre ' +
      'vocabulaire.',
    phoneAlt:
      'Capture d’un téléphone : un article de musée traduit en anglais, tel que le voit un visiteur.',
  },
  box2Landing: {
    title: 'Comment ça marche ?',
    steps: [
      {
        title: 'Vous écrivez',
        text:
          'Composez chaque article avec du texte, des images, des vidéos, des liens et des ' +
          'légendes, et rangez-les dans des dossiers. L’aperçu téléphone montre tout de suite ce ' +
          'que verra le visiteur.',
      },
      {
        title: 'Vous imprimez',
        text:
          'Créez un code QR, reliez-le à un article et téléchargez-le : il est disponible ' +
          'immédiatement. Changez l’article plus tard, le code imprimé reste le même.',
      },
      {
        title: 'Ils lisent',
        text:
          'Le visiteur scanne, choisit sa langue et lit. La traduction est conservée après la ' +
          'première demande : les visiteurs suivants la reçoivent aussitôt.',
      },
    ],
  },
  box3Landing: {
    title: 'Offrez plus que l’œuvre',
    text:
      'Un cartel dit l’essentiel en quelques lignes. Legenda laisse de la place pour le reste : ' +
      'l’histoire de l’objet, une vidéo, une carte, un lien vers vos collections en ligne, et ' +
      'des consignes de traduction pour que vos termes techniques restent justes.',
    points: [
      'Des blocs repliables « En savoir plus » pour les curieux, sans alourdir la lecture.',
      'Des vidéos sous-titrées et des images légendées, à côté du texte.',
      'Des statistiques par article et par langue, pour savoir ce qui est lu, et par qui.',
    ],
  },
  video: {
    title: 'Ce que voit le visiteur',
    text:
      'Un visiteur scanne un code, choisit sa langue parmi plus de 100 et lit l’article traduit, ' +
      'sur son propre téléphone, sans application à installer.',
    label: 'Vidéo : un visiteur choisit sa langue et lit un article traduit',
    fallback: 'Votre navigateur ne lit pas cette vidéo.',
  },
  mhm: {
    title: 'Notre premier partenaire',
    text:
      'Un musée d’histoire d’une ville portuaire française a été le premier à adopter Legenda. ' +
      'Ses 16 panneaux explicatifs portent chacun un code QR : les visiteurs étrangers lisent ' +
      'désormais l’histoire du port dans leur langue.',
    facts: [
      '16 panneaux équipés de codes QR',
      'Une exposition prête en 48 heures',
      'Plus de 100 langues proposées',
    ],
    carouselLabel: 'Le musée partenaire en images',
  },
  petanque: {
    title: 'Exposition en cours : la pétanque',
    dates: 'Du 3 juillet 2025 au 18 janvier 2026 · entrée libre · séquence 13 du parcours',
    text:
      'Le musée consacre une exposition temporaire au jeu le plus populaire des places de ' +
      'village. Les textes de l’exposition sont rédigés dans Legenda : chaque visiteur les lit ' +
      'dans sa langue.',
    blogLink: 'Lire notre article sur l’exposition',
    externalLink: 'La pétanque sur Wikipédia',
    externalUrl: 'https://fr.wikipedia.org/wiki/P%C3%A9tanque',
  },
  qrCodeTest: {
    title: 'Testez-le',
    text:
      'Scannez ce code avec votre téléphone : vous arrivez sur un vrai article de démonstration, ' +
      'comme un visiteur devant un panneau. Choisissez une langue et lisez.',
    qrAlt: 'Code QR menant à l’article de démonstration',
    scanHint: 'Ouvrez l’appareil photo de votre téléphone et visez le code.',
    link: 'Ouvrir l’article de démonstration',
  },
  qualities: [
    {
      title: 'Simple',
      text:
        'Pensé pour une équipe de musée sans informaticien : on écrit, on relie un code QR, on ' +
        'imprime.',
    },
    {
      title: 'Rapide',
      text: 'Les codes QR sont disponibles immédiatement, une exposition peut être prête en 48 heures.',
    },
    {
      title: 'Complet',
      text:
        'Textes, images, vidéos, liens, légendes, plus de 100 langues et des statistiques de ' +
        'lecture, au même endroit.',
    },
  ],
  CTA: {
    title: 'Voyons ensemble votre prochaine exposition',
    text:
      'Une démonstration dure trente minutes : nous vous montrons l’outil sur un de vos textes ' +
      'et répondons à vos questions.',
  },
};

const english: LandingText = {
  box1Landing: {
    eyebrow: 'For museums and cultural venues',
    title: 'Your gallery texts, read in every visitor’s language',
    lead:
      'Write your articles once, in your own language. Visitors scan a QR code, choose from more ' +
      'than 100 languages and read your text translated by an AI that keeps your vocabulary.',
    phoneAlt:
      'Screenshot of a phone: a museum article translated into Spanish, as a visitor sees it.',
  },
  box2Landing: {
    title: 'How does it work',
    steps: [
      {
        title: 'You write',
        text:
          'Build each article out of text, images, videos, links and captions, and sort them in ' +
          'folders. The phone preview shows at once what a visitor will see.',
      },
      {
        title: 'You print',
        text:
          'Create a QR code, link it to an article and download it: it is available immediately. ' +
          'Change the article later and the printed code stays the same.',
      },
      {
        title: 'They read',
        text:
          'The visitor scans, picks a language and reads. The translation is stored after the ' +
          'first request, so the next visitors get it at once.',
      },
    ],
  },
  box3Landing: {
    title: 'Offer more than the artpiece',
    text:
      'A label says the essentials in a few lines. Legenda makes room for the rest: the story of ' +
      'the object, a video, a map, a link to your online collections, and translation ' +
      'instructions so your technical terms stay right.',
    points: [
      'Collapsible “Learn more” blocks for the curious, without weighing down the text.',
      'Subtitled videos and captioned images, next to the text.',
      'Statistics per article and per language, to know what is read, and by whom.',
    ],
  },
  video: {
    title: 'What the visitor sees',
    text:
      'A visitor scans a code, picks one of more than 100 languages and reads the translated ' +
      'article on their own phone, with no app to install.',
    label: 'Video: a visitor picks a language and reads a translated article',
    fallback: 'Your browser cannot play this video.',
  },
  mhm: {
    title: 'Our first partner',
    text:
      'A history museum in a French port city was the first to adopt Legenda. Each of its 16 ' +
      'explanatory panels carries a QR code: visitors from abroad now read the story of the ' +
      'harbour in their own language.',
    facts: [
      '16 panels with QR codes',
      'An exhibition ready in 48 hours',
      'More than 100 languages offered',
    ],
    carouselLabel: 'The partner museum in pictures',
  },
  petanque: {
    title: 'Current exhibition: pétanque',
    dates: '3 July 2025 to 18 January 2026 · free admission · sequence 13 of the tour',
    text:
      'The museum devotes a temporary exhibition to the favourite game of French village ' +
      'squares. The exhibition texts are written in Legenda, and every visitor reads them in ' +
      'their own language.',
    blogLink: 'Read our post about the exhibition',
    externalLink: 'Pétanque on Wikipedia',
    externalUrl: 'https://en.wikipedia.org/wiki/P%C3%A9tanque',
  },
  qrCodeTest: {
    title: 'Test it',
    text:
      'Scan this code with your phone: it opens a real demo article, just as a visitor standing ' +
      'at a panel would. Choose a language and read.',
    qrAlt: 'QR code leading to the demo article',
    scanHint: 'Open your phone’s camera and point it at the code.',
    link: 'Open the demo article',
  },
  qualities: [
    {
      title: 'Easy',
      text: 'Made for a museum team with no IT staff: write, link a QR code, print.',
    },
    {
      title: 'Fast',
      text: 'QR codes are available immediately, and an exhibition can be ready in 48 hours.',
    },
    {
      title: 'Complete',
      text:
        'Text, images, videos, links, captions, more than 100 languages and reading statistics, ' +
        'all in one place.',
    },
  ],
  CTA: {
    title: 'Let’s look at your next exhibition together',
    text:
      'A demo takes thirty minutes: we show you the tool on one of your own texts and answer ' +
      'your questions.',
  },
};

export const landingText: Record<'english' | 'french', LandingText> = { english, french };

export function landingTextFor(lang: Lang): LandingText {
  return lang === 'en' ? english : french;
}
