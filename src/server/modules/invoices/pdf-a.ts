import { facturXFileName } from './factur-x.ts';

/**
 * What makes the invoice PDF a Factur-X / ZUGFeRD hybrid (docs/decisions/066-factur-x-invoices.md):
 * a PDF/A-3b that carries the CII document as an associated file. pdfkit writes the PDF/A
 * part itself when asked (`subset`): the `pdfaid` part and conformance in the XMP metadata
 * and an sRGB output intent with the ICC profile it ships; the fonts are embedded already
 * (invoice-fonts.ts). This file adds the attachment and Factur-X's own metadata.
 */
export const pdfAOptions = { pdfVersion: '1.7', subset: 'PDF/A-3b' } as const;

/** Factur-X's XMP namespace: the readers of hybrid invoices look for the attachment's name here. */
const facturXNamespace = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The properties Factur-X 1.0 puts in the XMP metadata, with their descriptions for the extension schema. */
const facturXProperties = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
] as const;

/**
 * The XMP of a Factur-X 1.0 EN 16931 invoice (a credit note is an INVOICE here too), with
 * the extension schema that PDF/A asks for any property outside its own schemas.
 */
const facturXMetadata = `
<rdf:Description rdf:about="" xmlns:fx="${facturXNamespace}">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>${facturXFileName}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>${facturXNamespace}</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>
${facturXProperties
  .map(
    ([name, description]) => `            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  )
  .join('\n')}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>`;

/** pdfkit's attachment options, with the associated file's relationship its types leave out. */
type AssociatedFileOptions = PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' | 'Data' | 'Source' };

/**
 * Attaches the CII document as `factur-x.xml`: an embedded file of type text/xml in the
 * catalog's `/AF` (associated files) and its name tree, with relationship `Alternative`
 * (the XML is the same invoice as the page, as Germany's ZUGFeRD asks for the EN 16931
 * profile), dated the invoice's issue.
 */
export function attachFacturX(doc: PDFKit.PDFDocument, xml: string, issuedAt: Date): void {
  const options: AssociatedFileOptions = {
    name: facturXFileName,
    type: 'text/xml',
    description: 'Factur-X / ZUGFeRD invoice (EN 16931)',
    relationship: 'Alternative',
    creationDate: issuedAt,
    modifiedDate: issuedAt,
  };
  doc.file(Buffer.from(xml, 'utf8'), options);
  doc.appendXML(facturXMetadata);
}
