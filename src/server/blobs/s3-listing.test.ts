import { describe, expect, it } from 'vitest';
import { errorCode, parseListing } from './s3-listing.ts';

/**
 * S3's listing read as XML, on its own: what real buckets send (AWS, MinIO, s3rver) and what a
 * hostile key would try. The whole store against s3rver is in ../blobs.test.ts.
 */

const page = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>media/</Prefix><KeyCount>2</KeyCount><MaxKeys>2</MaxKeys>${inner}</ListBucketResult>`;
const contents = (key: string) =>
  `<Contents><Key>${key}</Key><LastModified>2026-11-27T08:00:00.000Z</LastModified><ETag>&quot;d41d8cd98f00b204e9800998ecf8427e&quot;</ETag><Size>0</Size><StorageClass>STANDARD</StorageClass></Contents>`;

describe('parseListing', () => {
  it('reads the keys of a page in order, and the token of the next one', async () => {
    const xml = page(
      `<IsTruncated>true</IsTruncated>${contents('media/1/a.png')}${contents('media/1/b.png')}<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>`,
    );
    expect(await parseListing(xml)).toEqual({
      keys: ['media/1/a.png', 'media/1/b.png'],
      truncated: true,
      next: '1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=',
    });
  });

  it('reads the last page, and an empty one', async () => {
    expect(await parseListing(page(`<IsTruncated>false</IsTruncated>${contents('a')}`))).toEqual({
      keys: ['a'],
      truncated: false,
      next: undefined,
    });
    expect(await parseListing(page('<IsTruncated>false</IsTruncated>'))).toEqual({
      keys: [],
      truncated: false,
      next: undefined,
    });
  });

  it('decodes entities and character references once, and keeps unicode and spaces', async () => {
    const keys = [
      ['a&amp;b', 'a&b'],
      ['&lt;Key&gt;x&lt;/Key&gt;', '<Key>x</Key>'],
      ['&amp;lt;', '&lt;'],
      ['&quot;&apos;', `"'`],
      ['&#38;&#x26;&#x1F600;&#233;', '&&😀é'],
      ['musée/日本語/😀', 'musée/日本語/😀'],
      ['  two spaces  ', '  two spaces  '],
      ['line&#10;break&#13;', 'line\nbreak\r'],
    ];
    const xml = page(
      `<IsTruncated>false</IsTruncated>${keys.map(([raw]) => contents(raw!)).join('')}`,
    );
    expect((await parseListing(xml)).keys).toEqual(keys.map(([, key]) => key));
  });

  it('reads CDATA as text, next to text, with what looks like markup in it', async () => {
    const xml = page(
      `<Contents><Key><![CDATA[media/<Key>]]>&amp;<![CDATA[]]]]><![CDATA[>&amp;]]></Key></Contents><IsTruncated>false</IsTruncated>`,
    );
    expect((await parseListing(xml)).keys).toEqual(['media/<Key>&]]>&amp;']);
  });

  it('takes keys only from a listed object, not from elsewhere in the answer', async () => {
    const xml = page(
      `<IsTruncated>false</IsTruncated><Key>stray</Key><CommonPrefixes><Prefix>media/2/</Prefix></CommonPrefixes><Contents><Owner><Key>owner</Key></Owner><Key>media/1/a</Key></Contents>`,
    );
    expect((await parseListing(xml)).keys).toEqual(['media/1/a']);
  });

  it('refuses what is not a well-formed listing', async () => {
    for (const xml of [
      '',
      '<html><body>Bad gateway</body></html',
      page(`${contents('a&b')}<IsTruncated>false</IsTruncated>`),
      page(`${contents('&nbsp;')}<IsTruncated>false</IsTruncated>`),
      page(`${contents('a<b/>c')}<IsTruncated>false</IsTruncated>`),
      `<!DOCTYPE x [<!ENTITY e "boom">]>${page(`${contents('&e;')}`)}`,
      page(contents('a')).replace('</ListBucketResult>', ''),
      // Well-formed, but no listing: a proxy's page, or an error sent with 200.
      '<html><body>Bad gateway</body></html>',
      '<Error><Code>InternalError</Code></Error>',
    ]) {
      await expect(parseListing(xml), xml).rejects.toThrow();
    }
  });
});

describe('errorCode', () => {
  it('reads the code of an error answer, and nothing from what is not one', async () => {
    const error =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message><BucketName>b</BucketName></Error>';
    expect(await errorCode(error)).toBe('NoSuchBucket');
    expect(await errorCode('<Error><Code>A&amp;B</Code></Error>')).toBe('A&B');
    expect(await errorCode('<html>502 Bad Gateway</html>')).toBeUndefined();
    expect(await errorCode('Bad Gateway <')).toBeUndefined();
    expect(await errorCode('')).toBeUndefined();
  });
});
