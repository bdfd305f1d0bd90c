import type { Scene } from '../kit/svg.ts';
import { gallery } from './gallery.ts';
import { hall } from './hall.ts';
import { boulesScene, courtyard } from './petanque.ts';
import { qrSheet, staffAtLaptop } from './studio.ts';
import { family, languagePhone, panelCloseUp, scanning } from './museum.ts';
import {
  anchorScene,
  harbour,
  lanternScene,
  lighthouseScene,
  netsAndBuoys,
  oldMap,
  shipCase,
} from './sea.ts';

/** The carousel's pictures, in the order of src/site/landing/carousel-images.ts. */
export const CAROUSEL_SCENES: readonly (() => Scene)[] = [
  gallery,
  scanning,
  languagePhone,
  panelCloseUp,
  family,
  harbour,
  shipCase,
  oldMap,
  lighthouseScene,
  netsAndBuoys,
  anchorScene,
  lanternScene,
  hall,
  staffAtLaptop,
  qrSheet,
  courtyard,
  () => boulesScene(),
];
