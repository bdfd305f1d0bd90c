/**
 * Correct translations of two museum texts in 44 languages (test data, not shipped: only tests
 * import it): a lantern's label and a painting's gift, hand-written for the language check
 * (language-check.ts, ADR 0016). No text here may be refused for its own language.
 */
export const SAMPLES: Readonly<Record<string, readonly [string, string]>> = {
  fr: [
    "Cette lanterne accompagnait le pilote du port. Alimentée à l'huile de colza, elle éclairait le pont et permettait d'échanger des signaux avec le bateau-pilote.",
    'Le tableau a été offert au musée en 1923 par la famille du peintre, qui vivait alors à Honfleur.',
  ],
  en: [
    'This lantern went with the harbour pilot. Burning rapeseed oil, it lit the deck and let him exchange signals with the pilot boat.',
    "The painting was given to the museum in 1923 by the painter's family, who lived in Honfleur at the time.",
  ],
  es: [
    'Este farol acompañaba al práctico del puerto. Alimentado con aceite de colza, iluminaba la cubierta y permitía intercambiar señales con la lancha.',
    'El cuadro fue donado al museo en 1923 por la familia del pintor, que entonces vivía en Honfleur.',
  ],
  pt: [
    'Esta lanterna acompanhava o prático do porto. Alimentada a óleo de colza, iluminava o convés e permitia trocar sinais com o barco-piloto.',
    'O quadro foi doado ao museu em 1923 pela família do pintor, que morava então em Honfleur.',
  ],
  it: [
    'Questa lanterna accompagnava il pilota del porto. Alimentata a olio di colza, illuminava il ponte e permetteva di scambiare segnali con la pilotina.',
    'Il dipinto fu donato al museo nel 1923 dalla famiglia del pittore, che allora viveva a Honfleur.',
  ],
  ca: [
    'Aquest fanal acompanyava el pràctic del port. Alimentat amb oli de colza, il·luminava la coberta i permetia intercanviar senyals amb la barca del pràctic.',
    'El quadre va ser donat al museu el 1923 per la família del pintor, que aleshores vivia a Honfleur.',
  ],
  gl: [
    'Este farol acompañaba o práctico do porto. Alimentado con aceite de colza, iluminaba a cuberta e permitía intercambiar sinais coa lancha.',
    'O cadro foi doado ao museo en 1923 pola familia do pintor, que daquela vivía en Honfleur.',
  ],
  ro: [
    'Acest felinar îl însoțea pe pilotul portului. Alimentat cu ulei de rapiță, lumina puntea și permitea schimbul de semnale cu barca pilotului.',
    'Tabloul a fost donat muzeului în 1923 de familia pictorului, care locuia pe atunci la Honfleur.',
  ],
  de: [
    'Diese Laterne begleitete den Hafenlotsen. Mit Rapsöl betrieben, beleuchtete sie das Deck und ermöglichte den Austausch von Signalen mit dem Lotsenboot.',
    'Das Gemälde wurde dem Museum 1923 von der Familie des Malers geschenkt, die damals in Honfleur lebte.',
  ],
  nl: [
    'Deze lantaarn vergezelde de havenloods. Op koolzaadolie brandend verlichtte hij het dek en maakte hij het mogelijk signalen uit te wisselen met de loodsboot.',
    'Het schilderij werd in 1923 aan het museum geschonken door de familie van de schilder, die toen in Honfleur woonde.',
  ],
  sv: [
    'Den här lyktan följde med hamnlotsen. Den brann med rapsolja, lyste upp däcket och gjorde det möjligt att utväxla signaler med lotsbåten.',
    'Målningen skänktes till museet 1923 av konstnärens familj, som då bodde i Honfleur.',
  ],
  da: [
    'Denne lygte fulgte havnelodsen. Den brændte rapsolie, oplyste dækket og gjorde det muligt at udveksle signaler med lodsbåden.',
    'Maleriet blev skænket til museet i 1923 af malerens familie, som dengang boede i Honfleur.',
  ],
  nb: [
    'Denne lykten fulgte havnelosen. Den brant rapsolje, lyste opp dekket og gjorde det mulig å utveksle signaler med losbåten.',
    'Maleriet ble gitt til museet i 1923 av malerens familie, som da bodde i Honfleur.',
  ],
  nn: [
    'Denne lykta følgde hamnelosen. Ho brann rapsolje, lyste opp dekket og gjorde det mogleg å utveksle signal med losbåten.',
    'Måleriet vart gitt til museet i 1923 av familien til målaren, som då budde i Honfleur.',
  ],
  pl: [
    'Ta latarnia towarzyszyła pilotowi portowemu. Zasilana olejem rzepakowym oświetlała pokład i pozwalała wymieniać sygnały z łodzią pilotową.',
    'Obraz został przekazany muzeum w 1923 roku przez rodzinę malarza, która mieszkała wtedy w Honfleur.',
  ],
  cs: [
    'Tato lucerna doprovázela přístavního lodivoda. Svítila řepkovým olejem, osvětlovala palubu a umožňovala vyměňovat signály s lodivodským člunem.',
    'Obraz daroval muzeu v roce 1923 malířova rodina, která tehdy žila v Honfleuru.',
  ],
  sk: [
    'Táto lampa sprevádzala prístavného lodivoda. Svietila repkovým olejom, osvetľovala palubu a umožňovala vymieňať si signály s loďou lodivodov.',
    'Obraz daroval múzeu v roku 1923 maliarova rodina, ktorá vtedy žila v Honfleure.',
  ],
  hr: [
    'Ova je svjetiljka pratila lučkog peljara. Gorjela je na repičino ulje, osvjetljavala palubu i omogućavala razmjenu signala s peljarskim brodom.',
    'Sliku je muzeju 1923. darovala slikarova obitelj, koja je tada živjela u Honfleuru.',
  ],
  'sr-Latn': [
    'Ova svetiljka je pratila lučkog pilota. Gorela je na ulje uljane repice, osvetljavala palubu i omogućavala razmenu signala sa pilotskim čamcem.',
    'Sliku je muzeju 1923. godine poklonila slikareva porodica, koja je tada živela u Onfleru.',
  ],
  sr: [
    'Ова светиљка је пратила лучког пилота. Горела је на уље уљане репице, осветљавала палубу и омогућавала размену сигнала са пилотским чамцем.',
    'Слику је музеју 1923. године поклонила сликарева породица, која је тада живела у Онфлеру.',
  ],
  ru: [
    'Этот фонарь сопровождал портового лоцмана. Он горел на рапсовом масле, освещал палубу и позволял обмениваться сигналами с лоцманским катером.',
    'Картина была передана музею в 1923 году семьёй художника, которая тогда жила в Онфлёре.',
  ],
  uk: [
    'Цей ліхтар супроводжував портового лоцмана. Він горів на ріпаковій олії, освітлював палубу й дозволяв обмінюватися сигналами з лоцманським катером.',
    'Картину подарувала музею в 1923 році родина художника, яка тоді жила в Онфлері.',
  ],
  bg: [
    'Този фенер придружавал пристанищния лоцман. Горял с рапично масло, осветявал палубата и позволявал размяната на сигнали с лоцманската лодка.',
    'Картината е дарена на музея през 1923 г. от семейството на художника, което тогава живее в Онфльор.',
  ],
  el: [
    'Αυτό το φανάρι συνόδευε τον πλοηγό του λιμανιού. Έκαιγε λάδι από ελαιοκράμβη, φώτιζε το κατάστρωμα και επέτρεπε την ανταλλαγή σημάτων με το πλοηγίδα.',
    'Ο πίνακας δωρίστηκε στο μουσείο το 1923 από την οικογένεια του ζωγράφου, που ζούσε τότε στην Ονφλέρ.',
  ],
  fi: [
    'Tämä lyhty kulki sataman luotsin mukana. Se paloi rypsiöljyllä, valaisi kannen ja mahdollisti merkkien vaihtamisen luotsiveneen kanssa.',
    'Maalaus lahjoitettiin museolle vuonna 1923 taiteilijan perheen toimesta, joka asui silloin Honfleurissa.',
  ],
  hu: [
    'Ez a lámpás kísérte a kikötői révkalauzt. Repceolajjal égett, megvilágította a fedélzetet, és lehetővé tette a jelzések cseréjét a révkalauz hajójával.',
    'A festményt 1923-ban a festő családja ajándékozta a múzeumnak, akik akkor Honfleurben éltek.',
  ],
  tr: [
    'Bu fener liman kılavuzuna eşlik ederdi. Kolza yağıyla yanar, güverteyi aydınlatır ve kılavuz teknesiyle işaretleşmeyi sağlardı.',
    "Tablo, 1923 yılında o sırada Honfleur'da yaşayan ressamın ailesi tarafından müzeye bağışlandı.",
  ],
  id: [
    'Lentera ini menemani pandu pelabuhan. Dengan bahan bakar minyak lobak, lentera ini menerangi geladak dan memungkinkan pertukaran sinyal dengan kapal pandu.',
    'Lukisan ini disumbangkan kepada museum pada tahun 1923 oleh keluarga pelukis, yang saat itu tinggal di Honfleur.',
  ],
  ms: [
    'Tanglung ini menemani jurumudi pelabuhan. Menggunakan minyak biji sawi, ia menerangi dek dan membolehkan isyarat ditukar dengan bot jurumudi.',
    'Lukisan ini telah dihadiahkan kepada muzium pada tahun 1923 oleh keluarga pelukis, yang ketika itu tinggal di Honfleur.',
  ],
  vi: [
    'Chiếc đèn lồng này đi cùng người hoa tiêu của cảng. Được thắp bằng dầu cải, nó soi sáng boong tàu và giúp trao đổi tín hiệu với thuyền hoa tiêu.',
    'Bức tranh được gia đình họa sĩ, khi đó sống ở Honfleur, tặng cho bảo tàng vào năm 1923.',
  ],
  fil: [
    'Sinamahan ng parol na ito ang piloto ng daungan. Gumagamit ito ng langis ng rapeseed, nagbibigay-liwanag sa kubyerta at nagpapahintulot na makipagpalitan ng hudyat sa bangka ng piloto.',
    'Ang larawan ay ibinigay sa museo noong 1923 ng pamilya ng pintor, na noon ay nakatira sa Honfleur.',
  ],
  sw: [
    'Taa hii iliambatana na rubani wa bandari. Ikitumia mafuta ya mbegu za rapa, iliangaza sitaha na kuwezesha kubadilishana ishara na boti ya rubani.',
    'Mchoro huo ulitolewa kwa jumba la makumbusho mwaka 1923 na familia ya mchoraji, ambayo wakati huo iliishi Honfleur.',
  ],
  af: [
    'Hierdie lantern het die hawelods vergesel. Dit het op raapsaadolie gebrand, die dek verlig en dit moontlik gemaak om seine met die loodsboot uit te ruil.',
    'Die skildery is in 1923 deur die skilder se familie, wat destyds in Honfleur gewoon het, aan die museum geskenk.',
  ],
  ar: [
    'رافق هذا الفانوس مرشد الميناء. كان يعمل بزيت اللفت، فيضيء سطح السفينة ويتيح تبادل الإشارات مع قارب الإرشاد.',
    'أهدت عائلة الرسام اللوحة إلى المتحف عام 1923، وكانت العائلة تعيش آنذاك في أونفلور.',
  ],
  fa: [
    'این فانوس همراه راهنمای بندر بود. با روغن کلزا می‌سوخت، عرشه را روشن می‌کرد و امکان تبادل علامت با قایق راهنما را فراهم می‌ساخت.',
    'این نقاشی در سال ۱۹۲۳ از سوی خانواده نقاش که آن زمان در اونفلور زندگی می‌کردند به موزه اهدا شد.',
  ],
  ur: [
    'یہ لالٹین بندرگاہ کے رہنما کے ساتھ رہتی تھی۔ یہ سرسوں کے تیل سے جلتی تھی، عرشے کو روشن کرتی تھی اور رہنما کشتی کے ساتھ اشاروں کے تبادلے میں مدد دیتی تھی۔',
    'یہ پینٹنگ 1923 میں مصور کے خاندان نے عجائب گھر کو عطیہ کی، جو اس وقت اونفلور میں رہتا تھا۔',
  ],
  he: [
    'הפנס הזה ליווה את נווט הנמל. הוא דלק בשמן לפתית, האיר את הסיפון ואפשר להחליף אותות עם סירת הנווטים.',
    'הציור נתרם למוזיאון בשנת 1923 על ידי משפחת הצייר, שגרה אז בהונפלר.',
  ],
  hi: [
    'यह लालटेन बंदरगाह के पायलट के साथ रहती थी। सरसों के तेल से जलने वाली यह लालटेन डेक को रोशन करती थी और पायलट नाव के साथ संकेतों का आदान-प्रदान संभव बनाती थी।',
    'यह चित्र 1923 में चित्रकार के परिवार ने संग्रहालय को दान किया था, जो उस समय ओन्फ़्लर में रहता था।',
  ],
  mr: [
    'हा कंदील बंदरातील वाटाड्यासोबत असे. मोहरीच्या तेलावर जळणारा हा कंदील डेक उजळवत असे आणि वाटाड्याच्या बोटीशी संकेतांची देवाणघेवाण शक्य करत असे.',
    'हे चित्र 1923 मध्ये चित्रकाराच्या कुटुंबाने संग्रहालयाला भेट दिले, जे तेव्हा ओन्फ्लर येथे राहत होते.',
  ],
  ja: [
    'このランタンは港の水先案内人とともにありました。菜種油で灯り、甲板を照らし、水先案内船と信号を交わすことができました。',
    'この絵は1923年、当時オンフルールに住んでいた画家の家族から美術館に寄贈されました。',
  ],
  'zh-Hans': [
    '这盏灯笼曾陪伴港口的领航员。它以菜籽油为燃料，照亮甲板，并可与领航船交换信号。',
    '这幅画于1923年由画家的家人捐赠给博物馆，他们当时住在翁弗勒尔。',
  ],
  'zh-Hant': [
    '這盞燈籠曾陪伴港口的領航員。它以菜籽油為燃料，照亮甲板，並可與領航船交換信號。',
    '這幅畫於1923年由畫家的家人捐贈給博物館，他們當時住在翁弗勒爾。',
  ],
  ko: [
    '이 등불은 항구의 도선사와 함께했습니다. 유채 기름으로 불을 밝혀 갑판을 비추고 도선선과 신호를 주고받을 수 있게 했습니다.',
    '이 그림은 1923년 당시 옹플뢰르에 살던 화가의 가족이 박물관에 기증했습니다.',
  ],
  th: [
    'ตะเกียงนี้อยู่เคียงข้างผู้นำร่องของท่าเรือ ใช้น้ำมันเรพซีดเป็นเชื้อเพลิง ส่องสว่างบนดาดฟ้าเรือ และช่วยให้ส่งสัญญาณกับเรือนำร่องได้',
    'ภาพวาดนี้ได้รับการบริจาคให้พิพิธภัณฑ์ในปี 1923 โดยครอบครัวของจิตรกร ซึ่งขณะนั้นอาศัยอยู่ที่ออนเฟลอร์',
  ],
};
