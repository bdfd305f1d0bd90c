import { createContext } from 'react';

/**
 * Which element the fields below belong to ('element 3', 'element 3, detail 2'): appended, for
 * screen readers only, to every label, so that each of the page's many 'Font size' inputs has
 * its own accessible name. Provided by each element and detail card.
 */
export const LabelSuffix = createContext('');
