import { describe, expect, it } from 'vitest';
import * as xmldsig from './index';

describe('engine/xmldsig public surface', () => {
  it('exports exactly the shared XML-DSig machinery', () => {
    expect(Object.keys(xmldsig).sort()).toEqual([
      'C14N', 'DSIG_NS', 'OPC_DSIG_NS', 'RELATIONSHIP_TRANSFORM', 'RELS_NS', 'REL_SIGNATURE', 'REL_SIGNATURE_ORIGIN', 'UNSIGNED_BY_DESIGN', 'canonicalizeDocument', 'canonicalizeElement',
      'contentTypeOf', 'digestOfUri', 'digestUri', 'findById', 'inScopeNamespaces', 'isC14nAlgorithm', 'openPackage', 'parseXTree', 'readContentTypes',
      'readRelationships', 'relationshipTransformC14n', 'relsPartOf', 'resolveTarget', 'signatureMethodOf', 'signatureMethodUri', 'sourceOfRels', 'xAttr', 'xChild',
      'xChildren', 'xText',
    ]);
  });
});
