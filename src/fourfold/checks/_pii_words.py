"""The words around a number that say what it is: a phone number, or an identifier.

A support reply writes the same digits as a phone number ("call us on 6123 4567") and as
an order, a case or a patient's number ("your order number is 6123 4567"). `no_pii`'s
shapes (`checks/_pii.py`) decide most numbers alone; these words decide the rest:

- an identifier's label right before a number makes it that identifier, however much it
  looks like a phone number (`identifier_before`): "Order number:", "Booking ref", "your
  NHS number (...)", "Bestellnummer", "il numero della pratica è", "رقم طلبك هو";
- a phone word makes a number in groups a phone number although it has no phone shape of
  its own (`phone_word`): a label before it ("Tel:", "Móvil:", "Infolinia:",
  "Τηλ.:", "Zalo:"), a verb of calling with its object or a few words and a preposition
  ("call us on", "ring our Copenhagen office on", "zadzwoń pod numer", "ligar-nos para o",
  "请拨打"), or, in languages that put it after the number, the verb after it ("... पर कॉल
  करें", "... までお電話").

Each test reads a window of `WINDOW` characters next to the number, so the words cost time
linear in the text however many numbers it holds. The word lists are what support replies
were seen to use in the labelled corpus's languages (tests/data/policy/phone.jsonl), not a
dictionary: a language missing here gives the shapes alone.
"""

from __future__ import annotations

import re

__all__ = ["WINDOW", "identifier_before", "phone_word"]

WINDOW = 40
"""How many characters before (or after) a number its words are looked for in."""

_S = "[ \u00a0]"
_ID_WORDS = (
    r"(?:order|ref|reference|invoice|account|acct|tracking|ticket|case|booking"
    r"|serial|s/n|sku|model|part|policy|claim|confirmation|transaction|lot|batch|item|product"
    r"|member|membership|authori[sz]ation|ra|rma|voucher|coupon|id|parcel|shipment"
    r"|reservation|agreement|folio|mprn|mpan"
    r"|consignment|receipt|contract|loan|licen[cs]e|registration|vin|imei|passport"
    r"|firmware|version|build|release|patch)"
)
_ID_NOUN = r"(?:number|no\.?|num|nr|#|id|code|ref)"
_PERSON_IDS = (
    r"(?:ssn|sin|nino|ein|itin|vat|nhs|medicare|medicaid|patient|student|employee|staff"
    rf"|tax|insurance|social{_S}+security|company|registration|national{_S}+id)"
)
"""The numbers that identify a person, a patient or a company: an identifier with their noun
("NHS number", "social security number", "VAT no."), or bare for the abbreviations."""
_FOREIGN_IDS = (
    # German, Dutch
    r"(?:(?:bestell|kunden|mitglieds|rechnungs|auftrags|vorgangs|sendungs|vertrags|konto|steuer"
    r"|referenz|klant|factuur|rekening|bestel|dossier)(?:nummer|nr\.?)"
    r"|bestellung|rechnung|auftrag|aktenzeichen|bestelling|factuur|rekening|kvk|btw"
    # Italian, Spanish, Portuguese, French
    r"|pratica|ordine|fattura|paziente|contratto|tessera|pedido|factura|expediente|contrato"
    r"|referencia|fatura|protocolo|cpf|commande|facture|dossier|contrat|r[eé]f[eé]rence"
    r"|adh[eé]rent|(?:n[uú]mero|num[eé]ro|codice|c[oó]digo)(?: de| di| del)? client[ei]?"
    # Polish, Czech, Indonesian, Vietnamese
    r"|zam[oó]wieni[ea]|faktur[ay]|konta|pesel|nip|regon|umowy|objedn[aá]vk[ay]|[uú][cč]tu"
    r"|[uú][cč]et|variabiln[ií] symbol|nik|pesanan|faktur|tagihan|npwp|ktp"
    r"|đơn hàng|mã đơn|hóa đơn|tài khoản"
    r")"
)
_FOREIGN_IDS_JOINED = (
    # scripts written without spaces, or whose words join the noun before them
    r"(?:λογαριασμ[οό][υύ]|λογαριασμ[οό]ς|παραγγελ[ιί]ας|τιμολογ[ιί]ου|αφμ"
    r"|طلبك|طلب|الطلب|فاتورة|الفاتورة|حسابك|حساب|الحساب|الهوية"
    r"|ใบแจ้งหนี้|คำสั่งซื้อ|บัญชี|ऑर्डर|खाता|订单号|订单|账号|账户|身份证|发票)"
)
_FILLERS = (
    r"(?:σας|σου|είναι|è|é|ist|est|es|são|jest|to|je|hai|है|का|adalah|anda|là|của|bạn|คือ"
    r"|ของคุณ|هو|是|为|n\.|nr\.?|no\.?|č\.|numero|número|nummer|numer|číslo|αριθμός|رقم"
    r"|della|del|di|de|do|da|van|der|des|du|ihre|deine|dein|lautet|lauten|votre|su|seu|sua|uw"
    r"|vaše|twoje)"
)
_ID_LABEL = re.compile(
    r"(?i)(?:(?<![\w])(?:"
    rf"{_ID_WORDS}(?:{_S}*{_ID_NOUN})?{_S}*[:#.=]?"
    rf"|{_ID_WORDS}{_S}*{_ID_NOUN}{_S}+(?:is|was)"
    rf"|customer{_S}*{_ID_NOUN}(?:{_S}+(?:is|was))?{_S}*[:#.=]?"
    rf"|{_PERSON_IDS}{_S}*{_ID_NOUN}(?:{_S}+(?:is|was))?{_S}*[:#.=(]?"
    rf"|(?:{_ID_WORDS}|{_PERSON_IDS}){_S}*{_ID_NOUN}{_S}*,"
    rf"|(?:ssn|sin|nino|ein|itin|vat){_S}*[:#.=(]?"
    rf"|(?:ref|reference){_S}+(?:is|was)"
    rf"|{_FOREIGN_IDS}(?:{_S}*{_FILLERS}){{0,3}}{_S}*[:#.=]?"
    rf")|{_FOREIGN_IDS_JOINED}(?:{_S}*{_FILLERS}){{0,3}}{_S}*[:#.=]?"
    rf"){_S}*$"
)
"""An identifier's label right before a number ("Order number:", "Booking ref", "Serial",
"your booking reference is", "the tracking number was", "NHS number (", "Firmware",
"Bestellnummer", "Numero paziente", "رقم طلبك هو"): the number after it is that identifier.
"is"/"was" follow an identifier's noun ("order number is"), not a bare word: "the number
on that account is +1 415-555-0438" gives a phone number. Customer service is a phone line
in every language ("Service client : 01 ..."), so a customer is an identifier only with
its noun ("numéro client", "Kundennummer")."""
_GROUPS_BEFORE = re.compile(rf"(?<![^\s(])(?:(?=[A-Z]*[0-9])[A-Z0-9]{{2,8}}{_S}){{2}}\Z")
"""Two groups of digits, or of capitals and digits, each one space apart, right before a
number: the number is the rest of a longer code (an IBAN, "DE89 3704 0044 0532 0130 00";
a tracking number, "1Z 999 AA1 01 2345 6784"), not a phone number. A number opening with
"+" or a bracket stays one ("NSW 2000 (02) 9876 5432")."""
_GROUP_BEFORE = re.compile(rf"(?<![\w.,\-])[0-9]{{3,}}{_S}\Z")
"""A group of three or more digits one space before a number: the number is the rest of a
longer one ("NIK Anda 3174 0512 3456 0001", a national identity number), not a phone
number after it."""
_IBAN_BEFORE = re.compile(rf"(?<![A-Za-z0-9])[A-Z]{{2}}[0-9]{{2}}(?:{_S}[A-Z0-9]{{4}})*{_S}\Z")
"""An IBAN's country and check digits, and any groups after them, right before a number
("CZ65 0800 0000 1920 ...", "NL91 ABNA 0417 1643 00"): the number is the rest of it."""

_PHONE_NOUNS = (
    r"(?:tel|tlf|telp|t[eé]l[eé]phone|tel[eé]fono|telefone|telefono|telefoon|telefon|phone|ph"
    r"|mob|mobile|mobiel|mobil|m[oó]vil|celular|cellulare|cel|cell|handy|portable|fax|hotline"
    r"|helpline|hotlines?|callback|call-back|infolinia|whatsapp|wa|wsp|wpp|whats|zap|viber"
    r"|telegram|signal|zalo"
    r"|wechat|landline|line|linka"
    rf"|linku|rufnummer|num[eé]ro{_S}+vert|numero{_S}+verde|điện{_S}+thoại|sđt|đt"
    rf"|toll[\-{_S[1:-1]}]?free|freephone|freecall)"
)
_SERVICE_LINES = (
    rf"(?:customer{_S}+(?:service|care|support)|help{_S}*desk|contact{_S}+cent(?:re|er)"
    rf"|call{_S}+cent(?:re|er)|atenci[oó]n{_S}+al{_S}+cliente|servicio{_S}+al{_S}+cliente"
    rf"|service{_S}+client(?:s|èle)?|kundenservice|kundendienst|servizio{_S}+clienti"
    rf"|atendimento(?:{_S}+ao{_S}+cliente)?)"
)
"""A customer service line, named before a colon ("Customer care: 0345 ...", "Atención al
cliente: 900 555 012"): in every language a phone line's label."""
_PHONE_NOUNS_JOINED = (
    r"(?:τηλ|τηλέφωνο|φαξ|κινητό|هاتف|الهاتف|جوال|फ़ोन|फोन|मोबाइल|โทรศัพท์|โทร|电话|手机|热线"
    r"|電話番号|電話|フリーダイヤル|전화번호|전화)"
)
_IS = r"(?:is|:|：|-|\u2013|è|é|ist|est|es|είναι|هو|है|hai|adalah|là|คือ|jest|je)"
_CALL = (
    r"(?:call|ring|phone|dial|text|sms|whatsapp|ll[aá]m[a-záéíóú]*|marque"
    r"|appelez|appeler|appelle|composez|chiami|chiamate|chiama|chiamaci|chiamare|telefonate"
    r"|ligue|ligar|liga|fale|falar|bel|bellen|ruf|rufen|anrufen|w[aä]hlen|zadzwo[nń]|dzwo[nń]"
    r"|zavolejte|volejte|zavolat|gọi|telepon|καλέστε|τηλεφωνήστε)"
)
_REACH = (
    rf"(?:contact|reach|message|joindre|erreichen|hubungi|liên{_S}+hệ|contattaci|contattate"
    r"|comun[ií]quese|comun[ií]cate|comun[ií]quense|cont[aá]ctenos|cont[aá]ctanos|contacte"
    r"|kontakt)"
)
_CALL_JOINED = (
    r"(?:اتصل|اتصلوا|اتصلي|تواصل|(?:ال)?اتصال(?:\s+[^\s\d]+){0,3}\s+على(?:\s+الرقم)?"
    r"|拨打|致电|请拨打|请致电|撥打|致電|請撥打|請致電|联系[^\s\d：:]{0,6}[：:]|聯絡[^\s\d：:]{0,6}[：:])"
)
_PREPOSITIONS = (
    r"(?:on|at|to|from|al|au|le|lo|il|el|desde|depuis|op|unter|p[aå]|para|pra|o|a|na|pod"
    r"|numer|numerem|číslo|στο|di|ke|pelo|pela"
    r"|số|على|ب)"
)
_WORD = r"[^\W\d][\w'’\-]*"
_PHONE_LEAD = re.compile(
    r"(?i)(?:(?<![\w])(?:"
    rf"{_PHONE_NOUNS}\.?(?:{_S}*(?:no\.?|number|nr\.?|#))?(?:{_S}*{_IS})?"
    rf"|{_CALL}(?:-[^\W\d]+)?(?:(?:{_S}+{_WORD}){{0,6}}{_S}+{_PREPOSITIONS}(?:{_S}+{_PREPOSITIONS})?"
    rf"|(?:{_S}+(?:us|me|him|her|them|karo|kijiye|kariye|karein|karen|nám|nos"
    rf"|(?:our|the|your)(?:{_S}+{_WORD}){{1,3}}))?)"
    rf"|{_REACH}(?:{_S}+{_WORD}){{0,6}}{_S}+{_PREPOSITIONS}"
    rf"|(?!line\b){_PHONE_NOUNS}(?:{_S}*\([^()\n]{{1,24}}\)|(?:{_S}+[^\s\d:]+){{1,4}}){_S}*:"
    rf"|{_SERVICE_LINES}{_S}*:"
    rf")|{_PHONE_NOUNS_JOINED}\.?(?:{_S}*{_IS})?"
    rf"|{_CALL_JOINED}(?:{_S}*(?:معنا|على|ب))*[：:]?"
    rf"){_S}*$"
)
"""A phone word right before a number: a label ("Tel:", "Móvil:", "our helpline is",
"Infolinia:", "Τηλ.:", "Zalo:"), a label with a few words or a bracket of its own before
its colon ("Toll-free within the UAE:", "Phone (UK):"; not a bare "line"), a verb of
calling with its object ("call", "call us", "call karo") or with up to six words and a
preposition ("call us on", "ring our Copenhagen office on", "zadzwoń pod numer",
"ligar-nos para o", "Ring til os på"), a verb of reaching with a preposition ("reach us
on", "hubungi kami di"), or a joined word ("请拨打", "اتصل على")."""
_PHONE_TRAIL = re.compile(
    rf"{_S}*(?:पर{_S}*(?:कॉल|फ़ोन|फोन|संपर्क)|(?:まで|に|へ)お?電話|으?로{_S}*전화|번으로)"
)
"""A verb of calling after the number, in languages that put it there ("98765 43210 पर
कॉल करें", "0120-123-456 までお電話", "1588-1234로 전화")."""


_LIKE_AN_ID = re.compile(
    rf"(?i)(?<![\w])(?:{_PERSON_IDS}|sin|nhs){_S}*(?:{_ID_NOUN})?[^.\n]{{0,60}}?"
    rf"(?:looks|formatted|written|appears|reads|number){_S}+like{_S}*$"
)
"""A person's identifier shown by example: "your SIN ... the nine-digit number formatted like
046 454 286", "your NHS number (it looks like 943 476 5919)"."""


def identifier_before(text: str, start: int) -> bool:
    """Whether the words right before `text[start]` make the number there an identifier."""
    window = max(0, start - WINDOW)
    return bool(
        _ID_LABEL.search(text, window, start)
        or _LIKE_AN_ID.search(text, max(0, start - 2 * WINDOW), start)
        or (
            text[start] not in "+("
            and (
                _GROUPS_BEFORE.search(text, max(0, start - 20), start)
                or _GROUP_BEFORE.search(text, max(0, start - 20), start)
            )
        )
        or _IBAN_BEFORE.search(text, window, start)
    )


def phone_word(text: str, start: int, end: int) -> str | None:
    """The phone word that introduces the number at `text[start:end]`, before or after it.

    ``None`` when there is none; otherwise the words as the text has them, e.g. ``"call us
    on"`` or ``"Tel:"`` before the number, ``"पर कॉल"`` after it.
    """
    lead = _PHONE_LEAD.search(text, max(0, start - WINDOW), start)
    if lead is not None:
        return lead.group().strip()
    trail = _PHONE_TRAIL.match(text, end, min(len(text), end + WINDOW))
    return None if trail is None else trail.group().strip()
