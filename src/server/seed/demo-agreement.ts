import PDFKit from 'pdfkit';
import type { PlacedField } from '../../shared/signing.ts';

/**
 * The demo's subscription agreement (issue 30): a fictional, plainly worded agreement written for
 * this project (no third-party document text), three A4 pages, with the fields placed where its
 * blanks are. Coordinates are PDF points from the page's bottom-left corner (pdfkit draws from the
 * top: y_pdf = 841.89 - y_top - height).
 */
const PAGE_H = 841.89;

const CLAUSES: [string, string][] = [
  [
    '1. Subscription',
    'The Subscriber irrevocably subscribes for an interest in the Fund in the amount stated on this page, on the terms of this Agreement and the Private Placement Memorandum of the Fund. The Manager may accept or reject this subscription in whole or in part; a subscription is accepted only when the Manager countersigns this Agreement.',
  ],
  [
    '2. Capital calls',
    'The Subscriber will pay its commitment in instalments when called by the Manager, on not less than ten business days notice, to the account named in the call notice. An amount not paid when due bears interest at the rate stated in the Memorandum.',
  ],
  [
    '3. Representations of the Subscriber',
    'The Subscriber confirms that it is a Professional Client as defined by the Dubai Financial Services Authority, that it has read the Memorandum, that it can bear the loss of its entire investment, and that the funds it invests are not the proceeds of crime.',
  ],
  [
    '4. Information and privacy',
    "The Manager will keep the Subscriber informed by quarterly statements and will hold the Subscriber's personal data only for the purposes of administering its investment and meeting its legal obligations.",
  ],
  [
    '5. Transfer',
    'The Subscriber may not transfer its interest without the prior written consent of the Manager, which may be withheld in its discretion.',
  ],
  [
    '6. Electronic signature',
    'The parties agree that this Agreement may be signed electronically, that an electronic signature has the same effect as a handwritten one, and that the signature certificate appended to the executed Agreement is evidence of who signed it and when.',
  ],
  [
    '7. Governing law',
    'This Agreement is governed by the laws of the Dubai International Financial Centre, and its courts have exclusive jurisdiction over any dispute arising from it.',
  ],
];

export function demoAgreement(dealTitle: string, companyName: string): Promise<{ pdf: Buffer; fields: PlacedField[] }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: 'A4', margin: 60, info: { Title: `Subscription agreement - ${dealTitle} (demo)` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('error', reject);
    const fields: PlacedField[] = [];
    const blank = (page: number, label: string, top: number, kind: PlacedField['kind'], w = 300, h = 20) => {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#333')
        .text(label, 60, top + 5, { lineBreak: false });
      doc
        .moveTo(220, top + h)
        .lineTo(220 + w, top + h)
        .strokeColor('#999')
        .lineWidth(0.5)
        .stroke();
      fields.push({ page, x: 220, y: Math.round((PAGE_H - top - h) * 100) / 100, w, h, kind });
    };
    const initials = (page: number) => {
      doc.font('Helvetica').fontSize(8).fillColor('#666').text('Initials', 440, 780, { lineBreak: false });
      doc.rect(475, 770, 60, 26).strokeColor('#999').lineWidth(0.5).stroke();
      fields.push({ page, x: 475, y: Math.round((PAGE_H - 770 - 26) * 100) / 100, w: 60, h: 26, kind: 'investor_initials' });
    };

    // Page 1: parties and amount
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#000').text('Subscription Agreement', 60, 60);
    doc.font('Helvetica').fontSize(11).text(dealTitle, 60, 88);
    doc.fontSize(9).fillColor('#555').text(`Fictional demonstration document of ${companyName}. Not an offer.`, 60, 106);
    doc
      .fontSize(10)
      .fillColor('#000')
      .text('This Agreement is made between the Manager of the Fund named above and the Subscriber named below.', 60, 140, { width: 475 });
    blank(1, 'Subscriber', 190, 'investor_name');
    blank(1, 'Subscribing entity', 225, 'entity');
    blank(1, 'Commitment (USD)', 260, 'amount', 200);
    blank(1, 'Date', 295, 'date', 200);
    let y = 350;
    for (const [heading, body] of CLAUSES.slice(0, 3)) {
      doc.font('Helvetica-Bold').fontSize(10).text(heading, 60, y);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(body, 60, y + 15, { width: 475, align: 'justify' });
      y = doc.y + 14;
    }
    initials(1);

    // Page 2: further terms
    doc.addPage();
    y = 60;
    for (const [heading, body] of CLAUSES.slice(3)) {
      doc.font('Helvetica-Bold').fontSize(10).fillColor('#000').text(heading, 60, y);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(body, 60, y + 15, { width: 475, align: 'justify' });
      y = doc.y + 14;
    }
    initials(2);

    // Page 3: signatures
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000').text('Signatures', 60, 60);
    doc.font('Helvetica').fontSize(10).text('Signed by the Subscriber', 60, 100);
    blank(3, 'Signature', 120, 'investor_signature', 260, 50);
    doc.font('Helvetica').fontSize(10).fillColor('#000').text(`Accepted and countersigned for ${companyName} as Manager`, 60, 230);
    blank(3, 'Signature', 250, 'gp_signature', 260, 50);
    blank(3, 'Name and title', 320, 'gp_name_title', 260);
    doc.end();
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), fields }));
  });
}
