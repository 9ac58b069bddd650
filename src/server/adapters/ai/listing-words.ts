import { isSellerCountry, sellerRegionOf } from '@shared/domain/seller-region';

/**
 * The language a listing is written in, and the offline writer's words in it (decision 175). A listing speaks its
 * buyers' language: the seller's country's, as their eBay site does (eBay Germany's buyers search "Herren Jeans Gr. W32
 * Blau"); the screens stay in English. One language per listing: every word the writer adds is in it, and a fact it
 * knows in English ("Blue", "Regular", "Cotton") is said in it; a fact the seller typed in their own words is kept as
 * typed. Not verified by a native speaker: the phrases are plain and few, kept here to correct in one place.
 */
export const listingLanguages = ['en', 'de', 'fr', 'it', 'es'] as const;
export type ListingLanguage = (typeof listingLanguages)[number];

/** The seller's country's listing language (its locale's); English for a country not known. */
export function listingLanguageOf(country: string | null | undefined): ListingLanguage {
  if (!isSellerCountry(country)) return 'en';
  const language = sellerRegionOf(country).locale.slice(0, 2);
  return (listingLanguages as readonly string[]).includes(language) ? (language as ListingLanguage) : 'en';
}

type Words = Record<string, string>;

/** A word in the four other languages, by its English. */
const row = (de: string, fr: string, it: string, es: string) => ({ de, fr, it, es });
type Row = ReturnType<typeof row>;

/** The English words the writer says or knows, in the other languages: types, departments, colours, fibres, sizes. */
const vocabulary: Record<string, Row> = {
  // What the item is (basic-generator's item types).
  Jeans: row('Jeans', 'Jean', 'Jeans', 'Vaqueros'),
  Pants: row('Hose', 'Pantalon', 'Pantaloni', 'Pantalones'),
  Shorts: row('Shorts', 'Short', 'Shorts', 'Pantalones cortos'),
  Top: row('Top', 'Haut', 'Top', 'Top'),
  Jacket: row('Jacke', 'Veste', 'Giacca', 'Chaqueta'),
  Clothing: row('Kleidung', 'Vêtement', 'Abbigliamento', 'Ropa'),
  Accessory: row('Accessoire', 'Accessoire', 'Accessorio', 'Accesorio'),
  Shoes: row('Schuhe', 'Chaussures', 'Scarpe', 'Zapatos'),
  Dress: row('Kleid', 'Robe', 'Vestito', 'Vestido'),
  Sweater: row('Pullover', 'Pull', 'Maglione', 'Jersey'),
  Sneakers: row('Sneaker', 'Baskets', 'Sneakers', 'Zapatillas'),
  Belt: row('Gürtel', 'Ceinture', 'Cintura', 'Cinturón'),
  'Clothing or Accessory': row('Kleidung oder Accessoire', 'Vêtement ou accessoire', 'Abbigliamento o accessorio', 'Ropa o accesorio'),
  // Departments, as a title says them.
  "Men's": row('Herren', 'Homme', 'Uomo', 'Hombre'),
  "Women's": row('Damen', 'Femme', 'Donna', 'Mujer'),
  // Colours (eBay's list) and size types.
  Black: row('Schwarz', 'Noir', 'Nero', 'Negro'),
  White: row('Weiß', 'Blanc', 'Bianco', 'Blanco'),
  Gray: row('Grau', 'Gris', 'Grigio', 'Gris'),
  Grey: row('Grau', 'Gris', 'Grigio', 'Gris'),
  Beige: row('Beige', 'Beige', 'Beige', 'Beige'),
  Brown: row('Braun', 'Marron', 'Marrone', 'Marrón'),
  Red: row('Rot', 'Rouge', 'Rosso', 'Rojo'),
  Orange: row('Orange', 'Orange', 'Arancione', 'Naranja'),
  Yellow: row('Gelb', 'Jaune', 'Giallo', 'Amarillo'),
  Green: row('Grün', 'Vert', 'Verde', 'Verde'),
  Blue: row('Blau', 'Bleu', 'Blu', 'Azul'),
  Purple: row('Lila', 'Violet', 'Viola', 'Morado'),
  Pink: row('Rosa', 'Rose', 'Rosa', 'Rosa'),
  Multicolor: row('Mehrfarbig', 'Multicolore', 'Multicolore', 'Multicolor'),
  Gold: row('Gold', 'Or', 'Oro', 'Dorado'),
  Silver: row('Silber', 'Argent', 'Argento', 'Plateado'),
  Ivory: row('Elfenbein', 'Ivoire', 'Avorio', 'Marfil'),
  Petite: row('Kurzgröße', 'Petite', 'Petite', 'Petite'),
  Plus: row('Übergröße', 'Grande taille', 'Taglie forti', 'Talla grande'),
  Tall: row('Langgröße', 'Long', 'Lunga', 'Alta'),
  'Big & Tall': row('Große Größen', 'Grand et fort', 'Taglie comode', 'Grande y alto'),
  Maternity: row('Umstandsmode', 'Maternité', 'Premaman', 'Premamá'),
  // Fibres (label-composition.ts's names).
  Cotton: row('Baumwolle', 'Coton', 'Cotone', 'Algodón'),
  Wool: row('Wolle', 'Laine', 'Lana', 'Lana'),
  Polyamide: row('Polyamid', 'Polyamide', 'Poliammide', 'Poliamida'),
  Elastane: row('Elasthan', 'Élasthanne', 'Elastan', 'Elastano'),
  Viscose: row('Viskose', 'Viscose', 'Viscosa', 'Viscosa'),
  Linen: row('Leinen', 'Lin', 'Lino', 'Lino'),
  Silk: row('Seide', 'Soie', 'Seta', 'Seda'),
  Acrylic: row('Polyacryl', 'Acrylique', 'Acrilico', 'Acrílico'),
  Cashmere: row('Kaschmir', 'Cachemire', 'Cashmere', 'Cachemir'),
  Leather: row('Leder', 'Cuir', 'Pelle', 'Piel'),
  Polyurethane: row('Polyurethan', 'Polyuréthane', 'Poliuretano', 'Poliuretano'),
  Hemp: row('Hanf', 'Chanvre', 'Canapa', 'Cáñamo'),
  // The seller's condition, as the app names it (conditionLabel) and as a title says it.
  'New with tags': row('Neu mit Etikett', 'Neuf avec étiquette', 'Nuovo con cartellino', 'Nuevo con etiqueta'),
  'New without tags': row('Neu ohne Etikett', 'Neuf sans étiquette', 'Nuovo senza cartellino', 'Nuevo sin etiqueta'),
  'New with Tags': row('Neu mit Etikett', 'Neuf avec étiquette', 'Nuovo con cartellino', 'Nuevo con etiqueta'),
  'New without Tags': row('Neu ohne Etikett', 'Neuf sans étiquette', 'Nuovo senza cartellino', 'Nuevo sin etiqueta'),
  New: row('Neu', 'Neuf', 'Nuovo', 'Nuevo'),
  'Like new': row('Wie neu', 'Comme neuf', 'Come nuovo', 'Como nuevo'),
  Excellent: row('Sehr gut', 'Excellent état', 'Ottime condizioni', 'Excelente'),
  Good: row('Gut', 'Bon état', 'Buone condizioni', 'Bueno'),
  Fair: row('Akzeptabel', 'État correct', 'Discrete condizioni', 'Aceptable'),
  Poor: row('Stark gebraucht', 'Mauvais état', 'Scarse condizioni', 'Deteriorado'),
  'Pre-owned': row('Gebraucht', "D'occasion", 'Usato', 'Usado'),
};

const byKey = new Map(Object.entries(vocabulary).map(([english, words]) => [english.toLowerCase(), words]));

/** The phrases around the facts, in each language. */
interface Phrases {
  /** A size in a title: "Size M", "Gr. M". */
  size: (size: string) => string;
  /** What the item is, opening the description: "Levi's men's jeans", "Levi's Herren Jeans". */
  what: (brand: string | null, department: string | null, type: string) => string;
  labels: { size: string; color: string; material: string; style: string; fit: string };
  /** Between a label and its value: ": ", and " : " in French. */
  colon: string;
  /** A fibre's blend, in a title: "Wool Blend". */
  blend: (fibre: string) => string;
  conditionAsSaid: (condition: string) => string;
  conditionUnsaid: string;
  /** The facts not known, as "see the photos of the tags". */
  unknown: { size: string; material: string; measurements: string; and: string; seeTags: string };
  shipsWell: string;
  /** After a title too short to be found: "(see photos)". */
  seePhotos: string;
  conditionNotes: (condition: string) => string;
  conditionNotesUnsaid: string;
}

const phrases: Record<ListingLanguage, Phrases> = {
  en: {
    size: (size) => (/^size\b/i.test(size) ? size : `Size ${size}`),
    what: (brand, department, type) => [brand, department?.toLowerCase(), type.toLowerCase()].filter(Boolean).join(' '),
    labels: { size: 'Size', color: 'Color', material: 'Material', style: 'Style', fit: 'Fit' },
    colon: ': ',
    blend: (fibre) => `${fibre} Blend`,
    conditionAsSaid: (c) => `Condition: ${c.toLowerCase()}, as described by the seller. Please see all photos for details.`,
    conditionUnsaid: 'Condition: please see all photos for details.',
    unknown: { size: 'size', material: 'material', measurements: 'measurements', and: 'and', seeTags: 'see the photos of the tags' },
    shipsWell: 'Ships quickly and carefully packed.',
    seePhotos: '(see photos)',
    conditionNotes: (c) => `${c} as stated by the seller; check the photos for wear.`,
    conditionNotesUnsaid: 'Condition not stated; check the photos for wear.',
  },
  de: {
    size: (size) => `Gr. ${size}`,
    what: (brand, department, type) => [brand, department, type].filter(Boolean).join(' '),
    labels: { size: 'Größe', color: 'Farbe', material: 'Material', style: 'Stil', fit: 'Passform' },
    colon: ': ',
    blend: (fibre) => `${fibre}-Mischung`,
    conditionAsSaid: (c) => `Zustand: ${c}, laut Verkäufer. Bitte alle Fotos ansehen.`,
    conditionUnsaid: 'Zustand: bitte alle Fotos ansehen.',
    unknown: { size: 'Größe', material: 'Material', measurements: 'Maße', and: 'und', seeTags: 'siehe die Fotos der Etiketten' },
    shipsWell: 'Schneller Versand, sorgfältig verpackt.',
    seePhotos: '(siehe Fotos)',
    conditionNotes: (c) => `${c} laut Verkäufer; Gebrauchsspuren bitte auf den Fotos prüfen.`,
    conditionNotesUnsaid: 'Zustand nicht angegeben; Gebrauchsspuren bitte auf den Fotos prüfen.',
  },
  fr: {
    size: (size) => `Taille ${size}`,
    what: (brand, department, type) => [type, brand, department].filter(Boolean).join(' '),
    labels: { size: 'Taille', color: 'Couleur', material: 'Matière', style: 'Style', fit: 'Coupe' },
    colon: ' : ',
    blend: (fibre) => `${fibre} mélangé`,
    conditionAsSaid: (c) => `État : ${c.toLowerCase()}, selon le vendeur. Voir toutes les photos pour les détails.`,
    conditionUnsaid: 'État : voir toutes les photos pour les détails.',
    unknown: { size: 'taille', material: 'matière', measurements: 'mesures', and: 'et', seeTags: 'voir les photos des étiquettes' },
    shipsWell: 'Expédition rapide et soignée.',
    seePhotos: '(voir photos)',
    conditionNotes: (c) => `${c} selon le vendeur ; vérifier l'usure sur les photos.`,
    conditionNotesUnsaid: "État non indiqué ; vérifier l'usure sur les photos.",
  },
  it: {
    size: (size) => `Taglia ${size}`,
    what: (brand, department, type) => [type, brand, department].filter(Boolean).join(' '),
    labels: { size: 'Taglia', color: 'Colore', material: 'Materiale', style: 'Stile', fit: 'Vestibilità' },
    colon: ': ',
    blend: (fibre) => `Misto ${fibre.toLowerCase()}`,
    conditionAsSaid: (c) => `Condizioni: ${c.toLowerCase()}, come descritto dal venditore. Vedere tutte le foto per i dettagli.`,
    conditionUnsaid: 'Condizioni: vedere tutte le foto per i dettagli.',
    unknown: { size: 'taglia', material: 'materiale', measurements: 'misure', and: 'e', seeTags: 'vedere le foto delle etichette' },
    shipsWell: 'Spedizione rapida e imballaggio accurato.',
    seePhotos: '(vedi foto)',
    conditionNotes: (c) => `${c} secondo il venditore; controllare l'usura nelle foto.`,
    conditionNotesUnsaid: "Condizioni non indicate; controllare l'usura nelle foto.",
  },
  es: {
    size: (size) => `Talla ${size}`,
    what: (brand, department, type) => [type, brand, department].filter(Boolean).join(' '),
    labels: { size: 'Talla', color: 'Color', material: 'Material', style: 'Estilo', fit: 'Corte' },
    colon: ': ',
    blend: (fibre) => `Mezcla de ${fibre.toLowerCase()}`,
    conditionAsSaid: (c) => `Estado: ${c.toLowerCase()}, según el vendedor. Ver todas las fotos para más detalles.`,
    conditionUnsaid: 'Estado: ver todas las fotos para más detalles.',
    unknown: { size: 'talla', material: 'material', measurements: 'medidas', and: 'y', seeTags: 'ver las fotos de las etiquetas' },
    shipsWell: 'Envío rápido y bien embalado.',
    seePhotos: '(ver fotos)',
    conditionNotes: (c) => `${c} según el vendedor; revisar el desgaste en las fotos.`,
    conditionNotesUnsaid: 'Estado no indicado; revisar el desgaste en las fotos.',
  },
};

export interface ListingWords extends Phrases {
  language: ListingLanguage;
  /** A word the writer knows in English ("Blue", "Men's", "Cotton"), in the listing's language; other words as given. */
  word: (english: string) => string;
  /** Each fibre of a composition ("60% Wool, 40% Polyamide") in the listing's language. */
  composition: (composition: string) => string;
}

export function listingWordsOf(language: ListingLanguage): ListingWords {
  const word = (english: string) => (language === 'en' ? english : (byKey.get(english.trim().toLowerCase())?.[language] ?? english));
  return {
    ...phrases[language],
    language,
    word,
    composition: (composition) => composition.replace(/\p{L}[\p{L} ]*\p{L}|\p{L}/gu, (fibre) => word(fibre)),
  };
}

/** Kept apart for the test of the vocabulary: every row has all four languages, none empty. */
export const vocabularyRows: Readonly<Record<string, Words>> = vocabulary;
