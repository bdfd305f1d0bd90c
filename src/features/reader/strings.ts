/**
 * The visitor pages' own words (DESIGN 7): the language picker, the translation notes, the
 * progress page, the empty article, the 404 and the page shown while the database is out of
 * reach. A small dictionary per language, in the visitor's language when we have it, English
 * otherwise. Plain text: `format` escapes nothing, so callers escape at render time (React does
 * it for ArticleView; the string pages use escapeHtml).
 *
 * `{placeholders}` stand alone in every language (no declension around them): a language name
 * arrives in the nominative, capitalised, often in its own script ('Español', 'العربية').
 */

import { interfaceLanguage } from '../languages/negotiate.ts';

export const UI_KEYS = [
  'chooseLanguage',
  'search',
  'searchButton',
  'suggested',
  'allLanguages',
  'noMatch',
  'original',
  'machineTranslated',
  'showOriginal',
  'unavailable',
  'noEngine',
  'translating',
  'progress',
  'wait',
  'readOriginalMeanwhile',
  'empty',
  'notFoundTitle',
  'notFoundText',
  'changeLanguage',
  'outageTitle',
  'outageText',
] as const;

export type UiKey = (typeof UI_KEYS)[number];
export type UiStrings = Readonly<Record<UiKey, string>>;

const en: UiStrings = {
  chooseLanguage: 'Choose your language',
  search: 'Search a language',
  searchButton: 'Search',
  suggested: 'Suggested',
  allLanguages: 'All languages',
  noMatch: 'No language matches “{q}”.',
  original: 'Original version',
  machineTranslated: 'Machine translated',
  showOriginal: 'Show the original',
  unavailable:
    'The translation is not available right now. Here is the original text; try again in a moment.',
  noEngine: 'Translation is not available on this site. Here is the original text.',
  translating: 'Translating into {language}…',
  progress: '{done} of {total} parts done',
  wait: 'This page refreshes by itself.',
  readOriginalMeanwhile: 'Read the original meanwhile',
  empty: 'This article has no content yet.',
  notFoundTitle: 'Article not found',
  notFoundText:
    'This article does not exist or is no longer online. The QR code or link you followed may ' +
    'be out of date: feel free to ask at the museum’s front desk.',
  changeLanguage: 'Change language',
  outageTitle: 'Back in a moment',
  outageText: 'This page cannot be shown right now. Please try again in a moment.',
};

/** Keyed by canonical BCP-47 tag. French spaces before « » : ; are no-break (U+00A0). */
export const UI_STRINGS: Readonly<Record<string, UiStrings>> = {
  en,
  fr: {
    chooseLanguage: 'Choisissez votre langue',
    search: 'Rechercher une langue',
    searchButton: 'Rechercher',
    suggested: 'Suggestions',
    allLanguages: 'Toutes les langues',
    noMatch: 'Aucune langue ne correspond à « {q} ».',
    original: 'Version originale',
    machineTranslated: 'Traduction automatique',
    showOriginal: 'Voir l’original',
    unavailable:
      'La traduction n’est pas disponible pour le moment. Voici le texte original ; ' +
      'réessayez dans un instant.',
    noEngine: 'La traduction n’est pas disponible sur ce site. Voici le texte original.',
    translating: 'Traduction en cours : {language}…',
    progress: '{done} sur {total} parties traduites',
    wait: 'Cette page s’actualise d’elle-même.',
    readOriginalMeanwhile: 'Lire l’original en attendant',
    empty: 'Cet article n’a pas encore de contenu.',
    notFoundTitle: 'Article introuvable',
    notFoundText:
      "Cet article n'existe pas ou n'est plus en ligne. Le QR code ou le lien que vous avez suivi " +
      "est peut-être périmé : n'hésitez pas à demander à l'accueil du musée.",
    changeLanguage: 'Changer de langue',
    outageTitle: 'De retour dans un instant',
    outageText: 'Cette page ne peut pas s’afficher pour le moment. Réessayez dans un instant.',
  },
  es: {
    chooseLanguage: 'Elija su idioma',
    search: 'Buscar un idioma',
    searchButton: 'Buscar',
    suggested: 'Sugerencias',
    allLanguages: 'Todos los idiomas',
    noMatch: 'Ningún idioma coincide con «{q}».',
    original: 'Versión original',
    machineTranslated: 'Traducción automática',
    showOriginal: 'Ver el original',
    unavailable:
      'La traducción no está disponible en este momento. Aquí tiene el texto original; ' +
      'vuelva a intentarlo en un momento.',
    noEngine: 'La traducción no está disponible en este sitio. Aquí tiene el texto original.',
    translating: 'Traducción en curso: {language}…',
    progress: '{done} de {total} partes listas',
    wait: 'Esta página se actualiza sola.',
    readOriginalMeanwhile: 'Leer el original mientras tanto',
    empty: 'Este artículo aún no tiene contenido.',
    notFoundTitle: 'Artículo no encontrado',
    notFoundText:
      'Este artículo no existe o ya no está en línea. Puede que el código QR o el enlace que ha ' +
      'seguido esté desactualizado: no dude en preguntar en la recepción del museo.',
    changeLanguage: 'Cambiar de idioma',
    outageTitle: 'Volvemos enseguida',
    outageText:
      'Esta página no se puede mostrar en este momento. Inténtelo de nuevo en unos instantes.',
  },
  de: {
    chooseLanguage: 'Wählen Sie Ihre Sprache',
    search: 'Sprache suchen',
    searchButton: 'Suchen',
    suggested: 'Vorschläge',
    allLanguages: 'Alle Sprachen',
    noMatch: 'Keine Sprache passt zu „{q}“.',
    original: 'Originalfassung',
    machineTranslated: 'Maschinell übersetzt',
    showOriginal: 'Original anzeigen',
    unavailable:
      'Die Übersetzung ist gerade nicht verfügbar. Hier ist der Originaltext; versuchen Sie es ' +
      'gleich noch einmal.',
    noEngine: 'Auf dieser Website ist keine Übersetzung verfügbar. Hier ist der Originaltext.',
    translating: 'Übersetzung läuft: {language}…',
    progress: '{done} von {total} Teilen fertig',
    wait: 'Diese Seite aktualisiert sich von selbst.',
    readOriginalMeanwhile: 'Inzwischen das Original lesen',
    empty: 'Dieser Artikel hat noch keinen Inhalt.',
    notFoundTitle: 'Artikel nicht gefunden',
    notFoundText:
      'Dieser Artikel existiert nicht oder ist nicht mehr online. Der QR-Code oder Link, dem Sie ' +
      'gefolgt sind, ist vielleicht veraltet: Fragen Sie gern am Empfang des Museums nach.',
    changeLanguage: 'Sprache ändern',
    outageTitle: 'Gleich wieder da',
    outageText:
      'Diese Seite kann gerade nicht angezeigt werden. Bitte versuchen Sie es gleich noch einmal.',
  },
  it: {
    chooseLanguage: 'Scegli la tua lingua',
    search: 'Cerca una lingua',
    searchButton: 'Cerca',
    suggested: 'Suggerite',
    allLanguages: 'Tutte le lingue',
    noMatch: 'Nessuna lingua corrisponde a «{q}».',
    original: 'Versione originale',
    machineTranslated: 'Traduzione automatica',
    showOriginal: 'Mostra l’originale',
    unavailable:
      'La traduzione non è disponibile al momento. Ecco il testo originale; riprova tra poco.',
    noEngine: 'La traduzione non è disponibile su questo sito. Ecco il testo originale.',
    translating: 'Traduzione in corso: {language}…',
    progress: '{done} di {total} parti pronte',
    wait: 'Questa pagina si aggiorna da sola.',
    readOriginalMeanwhile: 'Leggi l’originale nel frattempo',
    empty: 'Questo articolo non ha ancora contenuti.',
    notFoundTitle: 'Articolo non trovato',
    notFoundText:
      'Questo articolo non esiste o non è più online. Il codice QR o il link che hai seguito ' +
      'potrebbe essere scaduto: chiedi pure alla reception del museo.',
    changeLanguage: 'Cambia lingua',
    outageTitle: 'Torniamo subito',
    outageText: 'Al momento questa pagina non può essere visualizzata. Riprova tra un istante.',
  },
  pt: {
    chooseLanguage: 'Escolha o seu idioma',
    search: 'Pesquisar um idioma',
    searchButton: 'Pesquisar',
    suggested: 'Sugestões',
    allLanguages: 'Todos os idiomas',
    noMatch: 'Nenhum idioma corresponde a “{q}”.',
    original: 'Versão original',
    machineTranslated: 'Tradução automática',
    showOriginal: 'Ver o original',
    unavailable:
      'A tradução não está disponível neste momento. Aqui está o texto original; tente ' +
      'novamente daqui a pouco.',
    noEngine: 'A tradução não está disponível neste site. Aqui está o texto original.',
    translating: 'Tradução em curso: {language}…',
    progress: '{done} de {total} partes concluídas',
    wait: 'Esta página é atualizada automaticamente.',
    readOriginalMeanwhile: 'Ler o original enquanto espera',
    empty: 'Este artigo ainda não tem conteúdo.',
    notFoundTitle: 'Artigo não encontrado',
    notFoundText:
      'Este artigo não existe ou já não está online. O código QR ou o link que seguiu pode estar ' +
      'desatualizado: não hesite em perguntar no balcão de informações do museu.',
    changeLanguage: 'Mudar de idioma',
    outageTitle: 'Voltamos já',
    outageText: 'Não é possível mostrar esta página neste momento. Tente novamente daqui a pouco.',
  },
  nl: {
    chooseLanguage: 'Kies uw taal',
    search: 'Zoek een taal',
    searchButton: 'Zoeken',
    suggested: 'Voorgesteld',
    allLanguages: 'Alle talen',
    noMatch: 'Geen taal komt overeen met ‘{q}’.',
    original: 'Originele versie',
    machineTranslated: 'Machinevertaling',
    showOriginal: 'Toon het origineel',
    unavailable:
      'De vertaling is nu niet beschikbaar. Hier is de oorspronkelijke tekst; probeer het zo ' +
      'meteen opnieuw.',
    noEngine: 'Vertalen is niet beschikbaar op deze site. Hier is de oorspronkelijke tekst.',
    translating: 'Bezig met vertalen: {language}…',
    progress: '{done} van {total} delen klaar',
    wait: 'Deze pagina ververst vanzelf.',
    readOriginalMeanwhile: 'Lees intussen het origineel',
    empty: 'Dit artikel heeft nog geen inhoud.',
    notFoundTitle: 'Artikel niet gevonden',
    notFoundText:
      'Dit artikel bestaat niet of staat niet meer online. De QR-code of link die u hebt ' +
      'gevolgd, is misschien verouderd: vraag gerust bij de balie van het museum.',
    changeLanguage: 'Taal wijzigen',
    outageTitle: 'Zo terug',
    outageText: 'Deze pagina kan nu niet worden weergegeven. Probeer het zo meteen opnieuw.',
  },
  pl: {
    chooseLanguage: 'Wybierz język',
    search: 'Wyszukaj język',
    searchButton: 'Szukaj',
    suggested: 'Sugerowane',
    allLanguages: 'Wszystkie języki',
    noMatch: 'Żaden język nie pasuje do „{q}”.',
    original: 'Wersja oryginalna',
    machineTranslated: 'Tłumaczenie maszynowe',
    showOriginal: 'Pokaż oryginał',
    unavailable:
      'Tłumaczenie jest teraz niedostępne. Oto tekst oryginalny; spróbuj ponownie za chwilę.',
    noEngine: 'Tłumaczenie nie jest dostępne w tym serwisie. Oto tekst oryginalny.',
    translating: 'Trwa tłumaczenie: {language}…',
    progress: 'Gotowe części: {done} z {total}',
    wait: 'Ta strona odświeża się sama.',
    readOriginalMeanwhile: 'W międzyczasie przeczytaj oryginał',
    empty: 'Ten artykuł nie ma jeszcze treści.',
    notFoundTitle: 'Nie znaleziono artykułu',
    notFoundText:
      'Ten artykuł nie istnieje lub nie jest już dostępny online. Kod QR lub link, z którego ' +
      'korzystasz, może być nieaktualny: zapytaj w recepcji muzeum.',
    changeLanguage: 'Zmień język',
    outageTitle: 'Zaraz wracamy',
    outageText: 'Tej strony nie można teraz wyświetlić. Spróbuj ponownie za chwilę.',
  },
  ru: {
    chooseLanguage: 'Выберите язык',
    search: 'Поиск языка',
    searchButton: 'Найти',
    suggested: 'Рекомендуемые',
    allLanguages: 'Все языки',
    noMatch: 'Нет языков, соответствующих «{q}».',
    original: 'Оригинальная версия',
    machineTranslated: 'Машинный перевод',
    showOriginal: 'Показать оригинал',
    unavailable: 'Перевод сейчас недоступен. Вот исходный текст; попробуйте ещё раз через минуту.',
    noEngine: 'Перевод на этом сайте недоступен. Вот исходный текст.',
    translating: 'Идёт перевод: {language}…',
    progress: 'Готово частей: {done} из {total}',
    wait: 'Эта страница обновляется автоматически.',
    readOriginalMeanwhile: 'Прочитать оригинал, пока вы ждёте',
    empty: 'В этой статье пока нет содержимого.',
    notFoundTitle: 'Статья не найдена',
    notFoundText:
      'Эта статья не существует или больше не доступна. Возможно, QR-код или ссылка, по которой ' +
      'вы перешли, устарели: обратитесь на стойку информации музея.',
    changeLanguage: 'Сменить язык',
    outageTitle: 'Скоро вернёмся',
    outageText: 'Сейчас эту страницу нельзя показать. Попробуйте ещё раз через несколько секунд.',
  },
  uk: {
    chooseLanguage: 'Оберіть мову',
    search: 'Пошук мови',
    searchButton: 'Знайти',
    suggested: 'Рекомендовані',
    allLanguages: 'Усі мови',
    noMatch: 'Жодна мова не відповідає «{q}».',
    original: 'Оригінальна версія',
    machineTranslated: 'Машинний переклад',
    showOriginal: 'Показати оригінал',
    unavailable: 'Переклад зараз недоступний. Ось оригінальний текст; спробуйте ще раз за хвилину.',
    noEngine: 'Переклад на цьому сайті недоступний. Ось оригінальний текст.',
    translating: 'Триває переклад: {language}…',
    progress: 'Готово частин: {done} з {total}',
    wait: 'Ця сторінка оновлюється автоматично.',
    readOriginalMeanwhile: 'Прочитати оригінал, поки ви чекаєте',
    empty: 'У цій статті ще немає вмісту.',
    notFoundTitle: 'Статтю не знайдено',
    notFoundText:
      'Ця стаття не існує або більше не доступна онлайн. Можливо, QR-код чи посилання, за яким ' +
      'ви перейшли, застаріли: зверніться до стійки інформації музею.',
    changeLanguage: 'Змінити мову',
    outageTitle: 'Скоро повернемося',
    outageText: 'Зараз цю сторінку неможливо показати. Спробуйте ще раз за мить.',
  },
  'zh-Hans': {
    chooseLanguage: '选择您的语言',
    search: '搜索语言',
    searchButton: '搜索',
    suggested: '推荐',
    allLanguages: '所有语言',
    noMatch: '没有与“{q}”匹配的语言。',
    original: '原文版本',
    machineTranslated: '机器翻译',
    showOriginal: '查看原文',
    unavailable: '翻译暂时不可用。以下为原文，请稍后再试。',
    noEngine: '本网站不提供翻译。以下为原文。',
    translating: '正在翻译成{language}…',
    progress: '已完成 {done} / {total} 个部分',
    wait: '本页面会自动刷新。',
    readOriginalMeanwhile: '先阅读原文',
    empty: '本文暂无内容。',
    notFoundTitle: '未找到文章',
    notFoundText:
      '该文章不存在或已下线。您扫描的二维码或访问的链接可能已过期，请向博物馆服务台咨询。',
    changeLanguage: '更改语言',
    outageTitle: '马上回来',
    outageText: '此页面暂时无法显示，请稍后再试。',
  },
  'zh-Hant': {
    chooseLanguage: '選擇您的語言',
    search: '搜尋語言',
    searchButton: '搜尋',
    suggested: '建議',
    allLanguages: '所有語言',
    noMatch: '沒有符合「{q}」的語言。',
    original: '原文版本',
    machineTranslated: '機器翻譯',
    showOriginal: '查看原文',
    unavailable: '翻譯暫時無法使用。以下為原文，請稍後再試。',
    noEngine: '本網站不提供翻譯。以下為原文。',
    translating: '正在翻譯成{language}…',
    progress: '已完成 {done} / {total} 個部分',
    wait: '本頁面會自動重新整理。',
    readOriginalMeanwhile: '先閱讀原文',
    empty: '本文尚無內容。',
    notFoundTitle: '找不到文章',
    notFoundText:
      '此文章不存在或已下架。您掃描的 QR 碼或點選的連結可能已過期，請向博物館服務台詢問。',
    changeLanguage: '變更語言',
    outageTitle: '馬上回來',
    outageText: '此頁面暫時無法顯示，請稍後再試。',
  },
  ja: {
    chooseLanguage: '言語を選択してください',
    search: '言語を検索',
    searchButton: '検索',
    suggested: 'おすすめ',
    allLanguages: 'すべての言語',
    noMatch: '「{q}」に一致する言語はありません。',
    original: '原文',
    machineTranslated: '機械翻訳',
    showOriginal: '原文を表示',
    unavailable:
      '現在、翻訳をご利用いただけません。原文を表示しています。しばらくしてからもう一度お試しください。',
    noEngine: 'このサイトでは翻訳をご利用いただけません。原文を表示しています。',
    translating: '翻訳中：{language}…',
    progress: '{total} 件中 {done} 件完了',
    wait: 'このページは自動的に更新されます。',
    readOriginalMeanwhile: 'その間に原文を読む',
    empty: 'この記事にはまだ内容がありません。',
    notFoundTitle: '記事が見つかりません',
    notFoundText:
      'この記事は存在しないか、公開が終了しています。読み取った QR コードまたはリンクが古い可能性があります。博物館の受付にお尋ねください。',
    changeLanguage: '言語を変更',
    outageTitle: 'まもなく復旧します',
    outageText: 'このページは現在表示できません。しばらくしてからもう一度お試しください。',
  },
  ko: {
    chooseLanguage: '언어를 선택하세요',
    search: '언어 검색',
    searchButton: '검색',
    suggested: '추천',
    allLanguages: '모든 언어',
    noMatch: '‘{q}’와(과) 일치하는 언어가 없습니다.',
    original: '원문',
    machineTranslated: '기계 번역',
    showOriginal: '원문 보기',
    unavailable:
      '지금은 번역을 사용할 수 없습니다. 원문을 보여 드립니다. 잠시 후 다시 시도해 주세요.',
    noEngine: '이 사이트에서는 번역을 사용할 수 없습니다. 원문을 보여 드립니다.',
    translating: '번역 중: {language}…',
    progress: '{total}개 중 {done}개 완료',
    wait: '이 페이지는 자동으로 새로 고쳐집니다.',
    readOriginalMeanwhile: '기다리는 동안 원문 읽기',
    empty: '이 글에는 아직 내용이 없습니다.',
    notFoundTitle: '글을 찾을 수 없습니다',
    notFoundText:
      '이 글은 존재하지 않거나 더 이상 게시되지 않습니다. 스캔한 QR 코드나 링크가 오래되었을 수 있습니다. 박물관 안내 데스크에 문의해 주세요.',
    changeLanguage: '언어 변경',
    outageTitle: '곧 돌아옵니다',
    outageText: '지금은 이 페이지를 표시할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  },
  ar: {
    chooseLanguage: 'اختر لغتك',
    search: 'ابحث عن لغة',
    searchButton: 'بحث',
    suggested: 'مقترحة',
    allLanguages: 'كل اللغات',
    noMatch: 'لا توجد لغة تطابق «{q}».',
    original: 'النسخة الأصلية',
    machineTranslated: 'ترجمة آلية',
    showOriginal: 'عرض النص الأصلي',
    unavailable: 'الترجمة غير متاحة حاليًا. إليك النص الأصلي؛ حاول مرة أخرى بعد قليل.',
    noEngine: 'الترجمة غير متاحة على هذا الموقع. إليك النص الأصلي.',
    translating: 'جارٍ الترجمة إلى {language}…',
    progress: 'الأجزاء المكتملة: {done} من {total}',
    wait: 'يتم تحديث هذه الصفحة تلقائيًا.',
    readOriginalMeanwhile: 'اقرأ النص الأصلي ريثما تنتظر',
    empty: 'لا يحتوي هذا المقال على أي محتوى بعد.',
    notFoundTitle: 'المقال غير موجود',
    notFoundText:
      'هذا المقال غير موجود أو لم يعد متاحًا على الإنترنت. ربما يكون رمز QR أو الرابط الذي ' +
      'اتبعته قديمًا: لا تتردد في السؤال في مكتب الاستقبال بالمتحف.',
    changeLanguage: 'تغيير اللغة',
    outageTitle: 'نعود بعد قليل',
    outageText: 'لا يمكن عرض هذه الصفحة الآن. يُرجى المحاولة مرة أخرى بعد قليل.',
  },
  he: {
    chooseLanguage: 'בחרו שפה',
    search: 'חיפוש שפה',
    searchButton: 'חיפוש',
    suggested: 'מוצעות',
    allLanguages: 'כל השפות',
    noMatch: 'לא נמצאה שפה התואמת את החיפוש "{q}".',
    original: 'הגרסה המקורית',
    machineTranslated: 'תרגום מכונה',
    showOriginal: 'הצגת המקור',
    unavailable: 'התרגום אינו זמין כרגע. לפניכם הטקסט המקורי; נסו שוב בעוד רגע.',
    noEngine: 'תרגום אינו זמין באתר זה. לפניכם הטקסט המקורי.',
    translating: 'מתבצע תרגום: {language}…',
    progress: 'הושלמו {done} מתוך {total} חלקים',
    wait: 'הדף מתרענן מעצמו.',
    readOriginalMeanwhile: 'בינתיים, קראו את המקור',
    empty: 'עדיין אין תוכן במאמר זה.',
    notFoundTitle: 'המאמר לא נמצא',
    notFoundText:
      'המאמר הזה אינו קיים או שאינו זמין עוד. ייתכן שקוד ה־QR או הקישור שבו השתמשתם אינם ' +
      'עדכניים: אל תהססו לשאול בדלפק הקבלה של המוזיאון.',
    changeLanguage: 'החלפת שפה',
    outageTitle: 'נחזור בעוד רגע',
    outageText: 'לא ניתן להציג את הדף הזה כרגע. נסו שוב בעוד רגע.',
  },
  tr: {
    chooseLanguage: 'Dilinizi seçin',
    search: 'Dil arayın',
    searchButton: 'Ara',
    suggested: 'Önerilenler',
    allLanguages: 'Tüm diller',
    noMatch: '“{q}” ile eşleşen dil yok.',
    original: 'Orijinal sürüm',
    machineTranslated: 'Makine çevirisi',
    showOriginal: 'Orijinali göster',
    unavailable: 'Çeviri şu anda kullanılamıyor. Orijinal metin aşağıda; birazdan tekrar deneyin.',
    noEngine: 'Bu sitede çeviri kullanılamıyor. Orijinal metin aşağıda.',
    translating: 'Çevriliyor: {language}…',
    progress: '{total} bölümden {done} tanesi tamamlandı',
    wait: 'Bu sayfa kendiliğinden yenilenir.',
    readOriginalMeanwhile: 'Bu arada orijinali okuyun',
    empty: 'Bu makalenin henüz içeriği yok.',
    notFoundTitle: 'Makale bulunamadı',
    notFoundText:
      'Bu makale mevcut değil veya artık yayında değil. Takip ettiğiniz QR kod veya bağlantı ' +
      'güncelliğini yitirmiş olabilir: müzenin danışma masasına sormaktan çekinmeyin.',
    changeLanguage: 'Dili değiştir',
    outageTitle: 'Birazdan döneceğiz',
    outageText: 'Bu sayfa şu anda gösterilemiyor. Lütfen birazdan tekrar deneyin.',
  },
  el: {
    chooseLanguage: 'Επιλέξτε τη γλώσσα σας',
    search: 'Αναζήτηση γλώσσας',
    searchButton: 'Αναζήτηση',
    suggested: 'Προτεινόμενες',
    allLanguages: 'Όλες οι γλώσσες',
    noMatch: 'Καμία γλώσσα δεν ταιριάζει με «{q}».',
    original: 'Πρωτότυπη έκδοση',
    machineTranslated: 'Αυτόματη μετάφραση',
    showOriginal: 'Εμφάνιση του πρωτοτύπου',
    unavailable:
      'Η μετάφραση δεν είναι διαθέσιμη αυτή τη στιγμή. Ακολουθεί το πρωτότυπο κείμενο· ' +
      'δοκιμάστε ξανά σε λίγο.',
    noEngine:
      'Η μετάφραση δεν είναι διαθέσιμη σε αυτόν τον ιστότοπο. Ακολουθεί το πρωτότυπο κείμενο.',
    translating: 'Μετάφραση σε εξέλιξη: {language}…',
    progress: 'Ολοκληρώθηκαν {done} από {total} μέρη',
    wait: 'Η σελίδα ανανεώνεται αυτόματα.',
    readOriginalMeanwhile: 'Διαβάστε στο μεταξύ το πρωτότυπο',
    empty: 'Αυτό το άρθρο δεν έχει ακόμη περιεχόμενο.',
    notFoundTitle: 'Το άρθρο δεν βρέθηκε',
    notFoundText:
      'Αυτό το άρθρο δεν υπάρχει ή δεν είναι πλέον διαθέσιμο. Ο κωδικός QR ή ο σύνδεσμος που ' +
      'ακολουθήσατε ίσως δεν είναι πια ενημερωμένος: ρωτήστε στην υποδοχή του μουσείου.',
    changeLanguage: 'Αλλαγή γλώσσας',
    outageTitle: 'Επιστρέφουμε σε λίγο',
    outageText: 'Αυτή η σελίδα δεν μπορεί να εμφανιστεί αυτή τη στιγμή. Δοκιμάστε ξανά σε λίγο.',
  },
  sv: {
    chooseLanguage: 'Välj ditt språk',
    search: 'Sök ett språk',
    searchButton: 'Sök',
    suggested: 'Förslag',
    allLanguages: 'Alla språk',
    noMatch: 'Inget språk matchar ”{q}”.',
    original: 'Originalversion',
    machineTranslated: 'Maskinöversatt',
    showOriginal: 'Visa originalet',
    unavailable:
      'Översättningen är inte tillgänglig just nu. Här är originaltexten; försök igen om en stund.',
    noEngine: 'Översättning är inte tillgänglig på den här webbplatsen. Här är originaltexten.',
    translating: 'Översättning pågår: {language}…',
    progress: '{done} av {total} delar klara',
    wait: 'Sidan uppdateras automatiskt.',
    readOriginalMeanwhile: 'Läs originalet så länge',
    empty: 'Den här artikeln har inget innehåll än.',
    notFoundTitle: 'Artikeln hittades inte',
    notFoundText:
      'Den här artikeln finns inte eller är inte längre publicerad. QR-koden eller länken du ' +
      'följde kan vara inaktuell: fråga gärna i museets reception.',
    changeLanguage: 'Byt språk',
    outageTitle: 'Strax tillbaka',
    outageText: 'Sidan kan inte visas just nu. Försök igen om en liten stund.',
  },
  da: {
    chooseLanguage: 'Vælg dit sprog',
    search: 'Søg efter et sprog',
    searchButton: 'Søg',
    suggested: 'Forslag',
    allLanguages: 'Alle sprog',
    noMatch: 'Intet sprog matcher »{q}«.',
    original: 'Originalversion',
    machineTranslated: 'Maskinoversat',
    showOriginal: 'Vis originalen',
    unavailable:
      'Oversættelsen er ikke tilgængelig lige nu. Her er originalteksten; prøv igen om et øjeblik.',
    noEngine: 'Oversættelse er ikke tilgængelig på dette websted. Her er originalteksten.',
    translating: 'Oversættelse i gang: {language}…',
    progress: '{done} af {total} dele færdige',
    wait: 'Siden opdaterer sig selv.',
    readOriginalMeanwhile: 'Læs originalen imens',
    empty: 'Denne artikel har endnu intet indhold.',
    notFoundTitle: 'Artiklen blev ikke fundet',
    notFoundText:
      'Denne artikel findes ikke eller er ikke længere online. QR-koden eller linket, du har ' +
      'fulgt, er måske forældet: spørg endelig i museets reception.',
    changeLanguage: 'Skift sprog',
    outageTitle: 'Straks tilbage',
    outageText: 'Siden kan ikke vises lige nu. Prøv igen om et øjeblik.',
  },
  nb: {
    chooseLanguage: 'Velg språket ditt',
    search: 'Søk etter et språk',
    searchButton: 'Søk',
    suggested: 'Forslag',
    allLanguages: 'Alle språk',
    noMatch: 'Ingen språk samsvarer med «{q}».',
    original: 'Originalversjon',
    machineTranslated: 'Maskinoversatt',
    showOriginal: 'Vis originalen',
    unavailable:
      'Oversettelsen er ikke tilgjengelig akkurat nå. Her er originalteksten; prøv igjen om et ' +
      'øyeblikk.',
    noEngine: 'Oversettelse er ikke tilgjengelig på dette nettstedet. Her er originalteksten.',
    translating: 'Oversettelse pågår: {language}…',
    progress: '{done} av {total} deler ferdige',
    wait: 'Siden oppdaterer seg selv.',
    readOriginalMeanwhile: 'Les originalen i mellomtiden',
    empty: 'Denne artikkelen har ikke noe innhold ennå.',
    notFoundTitle: 'Fant ikke artikkelen',
    notFoundText:
      'Denne artikkelen finnes ikke eller er ikke lenger på nett. QR-koden eller lenken du ' +
      'fulgte, kan være utdatert: spør gjerne i museets resepsjon.',
    changeLanguage: 'Bytt språk',
    outageTitle: 'Straks tilbake',
    outageText: 'Siden kan ikke vises akkurat nå. Prøv igjen om et øyeblikk.',
  },
  fi: {
    chooseLanguage: 'Valitse kieli',
    search: 'Hae kieltä',
    searchButton: 'Hae',
    suggested: 'Ehdotetut',
    allLanguages: 'Kaikki kielet',
    noMatch: 'Hakua ”{q}” vastaavaa kieltä ei löytynyt.',
    original: 'Alkuperäinen versio',
    machineTranslated: 'Konekäännös',
    showOriginal: 'Näytä alkuperäinen',
    unavailable:
      'Käännös ei ole juuri nyt saatavilla. Tässä on alkuperäinen teksti; yritä hetken päästä ' +
      'uudelleen.',
    noEngine: 'Käännös ei ole saatavilla tällä sivustolla. Tässä on alkuperäinen teksti.',
    translating: 'Käännetään: {language}…',
    progress: '{done}/{total} osaa valmiina',
    wait: 'Sivu päivittyy itsestään.',
    readOriginalMeanwhile: 'Lue sillä välin alkuperäinen',
    empty: 'Tässä artikkelissa ei ole vielä sisältöä.',
    notFoundTitle: 'Artikkelia ei löytynyt',
    notFoundText:
      'Tätä artikkelia ei ole olemassa tai se ei ole enää verkossa. Seuraamasi QR-koodi tai ' +
      'linkki voi olla vanhentunut: kysy rohkeasti museon infotiskiltä.',
    changeLanguage: 'Vaihda kieltä',
    outageTitle: 'Palaamme pian',
    outageText: 'Sivua ei voi näyttää juuri nyt. Yritä hetken kuluttua uudelleen.',
  },
  cs: {
    chooseLanguage: 'Vyberte si jazyk',
    search: 'Vyhledat jazyk',
    searchButton: 'Hledat',
    suggested: 'Doporučené',
    allLanguages: 'Všechny jazyky',
    noMatch: 'Výrazu „{q}“ neodpovídá žádný jazyk.',
    original: 'Původní verze',
    machineTranslated: 'Strojový překlad',
    showOriginal: 'Zobrazit originál',
    unavailable: 'Překlad teď není k dispozici. Zde je původní text; zkuste to za chvíli znovu.',
    noEngine: 'Překlad na tomto webu není k dispozici. Zde je původní text.',
    translating: 'Probíhá překlad: {language}…',
    progress: 'Hotovo {done} z {total} částí',
    wait: 'Tato stránka se obnoví sama.',
    readOriginalMeanwhile: 'Mezitím si přečtěte originál',
    empty: 'Tento článek zatím nemá žádný obsah.',
    notFoundTitle: 'Článek nenalezen',
    notFoundText:
      'Tento článek neexistuje nebo už není online. QR kód nebo odkaz, který jste použili, může ' +
      'být zastaralý: neváhejte se zeptat na recepci muzea.',
    changeLanguage: 'Změnit jazyk',
    outageTitle: 'Hned jsme zpět',
    outageText: 'Tuto stránku teď nelze zobrazit. Zkuste to prosím za chvíli znovu.',
  },
  ro: {
    chooseLanguage: 'Alegeți limba',
    search: 'Căutați o limbă',
    searchButton: 'Căutare',
    suggested: 'Sugestii',
    allLanguages: 'Toate limbile',
    noMatch: 'Nicio limbă nu corespunde cu „{q}”.',
    original: 'Versiunea originală',
    machineTranslated: 'Traducere automată',
    showOriginal: 'Afișați originalul',
    unavailable:
      'Traducerea nu este disponibilă momentan. Iată textul original; încercați din nou peste ' +
      'câteva clipe.',
    noEngine: 'Traducerea nu este disponibilă pe acest site. Iată textul original.',
    translating: 'Traducere în curs: {language}…',
    progress: '{done} din {total} părți gata',
    wait: 'Această pagină se reîmprospătează singură.',
    readOriginalMeanwhile: 'Citiți originalul între timp',
    empty: 'Acest articol nu are încă niciun conținut.',
    notFoundTitle: 'Articolul nu a fost găsit',
    notFoundText:
      'Acest articol nu există sau nu mai este online. Codul QR sau linkul pe care l-ați urmat ' +
      'poate fi depășit: nu ezitați să întrebați la recepția muzeului.',
    changeLanguage: 'Schimbați limba',
    outageTitle: 'Revenim imediat',
    outageText: 'Această pagină nu poate fi afișată acum. Încercați din nou în câteva momente.',
  },
  hu: {
    chooseLanguage: 'Válassza ki a nyelvet',
    search: 'Nyelv keresése',
    searchButton: 'Keresés',
    suggested: 'Javasolt',
    allLanguages: 'Minden nyelv',
    noMatch: 'Egy nyelv sem felel meg ennek: „{q}”.',
    original: 'Eredeti változat',
    machineTranslated: 'Gépi fordítás',
    showOriginal: 'Eredeti megjelenítése',
    unavailable:
      'A fordítás jelenleg nem érhető el. Itt az eredeti szöveg; próbálja újra egy kis idő múlva.',
    noEngine: 'Ezen a webhelyen nem érhető el fordítás. Itt az eredeti szöveg.',
    translating: 'Fordítás folyamatban: {language}…',
    progress: '{total} részből {done} kész',
    wait: 'Ez az oldal magától frissül.',
    readOriginalMeanwhile: 'Addig olvassa el az eredetit',
    empty: 'Ennek a cikknek még nincs tartalma.',
    notFoundTitle: 'A cikk nem található',
    notFoundText:
      'Ez a cikk nem létezik, vagy már nem érhető el. Lehet, hogy a QR-kód vagy a link, amelyet ' +
      'követett, elavult: kérdezzen nyugodtan a múzeum recepcióján.',
    changeLanguage: 'Nyelv módosítása',
    outageTitle: 'Mindjárt visszatérünk',
    outageText:
      'Ezt az oldalt most nem lehet megjeleníteni. Kérjük, próbálja újra egy kis idő múlva.',
  },
  hi: {
    chooseLanguage: 'अपनी भाषा चुनें',
    search: 'भाषा खोजें',
    searchButton: 'खोजें',
    suggested: 'सुझाई गई',
    allLanguages: 'सभी भाषाएँ',
    noMatch: '“{q}” से मेल खाने वाली कोई भाषा नहीं मिली।',
    original: 'मूल संस्करण',
    machineTranslated: 'मशीनी अनुवाद',
    showOriginal: 'मूल पाठ दिखाएँ',
    unavailable: 'अनुवाद अभी उपलब्ध नहीं है। यह रहा मूल पाठ; थोड़ी देर में फिर से कोशिश करें।',
    noEngine: 'इस साइट पर अनुवाद उपलब्ध नहीं है। यह रहा मूल पाठ।',
    translating: 'अनुवाद जारी है: {language}…',
    progress: '{total} में से {done} भाग पूरे हुए',
    wait: 'यह पेज अपने आप रीफ़्रेश होता है।',
    readOriginalMeanwhile: 'तब तक मूल पाठ पढ़ें',
    empty: 'इस लेख में अभी कोई सामग्री नहीं है।',
    notFoundTitle: 'लेख नहीं मिला',
    notFoundText:
      'यह लेख मौजूद नहीं है या अब ऑनलाइन नहीं है। आपने जिस QR कोड या लिंक का उपयोग किया, वह ' +
      'शायद पुराना हो गया है: कृपया संग्रहालय के स्वागत कक्ष पर पूछें।',
    changeLanguage: 'भाषा बदलें',
    outageTitle: 'हम जल्द ही लौटेंगे',
    outageText: 'यह पेज अभी दिखाया नहीं जा सकता। कृपया थोड़ी देर में फिर से कोशिश करें।',
  },
};

/** The languages we have words in. */
const UI_LANGUAGES: readonly string[] = Object.keys(UI_STRINGS);

/**
 * The language of the dictionary used for `lang` (languages/negotiate.ts): the tag itself when
 * we have it ('zh-Hant'), else Chinese by script ('zh-TW' → 'zh-Hant', 'zh' → 'zh-Hans'), else
 * the language ('es-MX' → 'es'), else its sibling ('nn' → 'nb'), else 'en'. Give this to `lang`
 * attributes of the words.
 */
export function uiLanguage(lang: string): string {
  return interfaceLanguage(lang, UI_LANGUAGES, 'en');
}

/** The interface words in `lang` (see uiLanguage for the fallback). */
export function uiStrings(lang: string): UiStrings {
  return UI_STRINGS[uiLanguage(lang)] ?? en;
}

/**
 * Fills `{name}` placeholders; unknown ones are left as they are. Plain text in, plain text out:
 * nothing is escaped here, the caller escapes the result where it writes HTML.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The placeholders of a template, sorted: '{done} of {total}' → ['done', 'total']. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}
