// mammoth's own modules mammoth-parts.ts calls: mammoth publishes no types for them.
declare module 'mammoth/lib/zipfile.js';
declare module 'mammoth/lib/docx/docx-reader.js';
