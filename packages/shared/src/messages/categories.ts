/** Categories, attributes, filters and facets: the API's words and the forms'. */
export const categoryMessages = {
  categoryNotFound: 'There is no such category.',
  categorySlugInvalid:
    'A category slug is lower-case letters and digits, words joined by hyphens (at most 60)',
  categorySlugTaken: (slug: string) => `The slug ${slug} is already used by another category.`,
  categoryNameRequired: 'Category name is Required',
  categoryNameTooLong: 'Category name must be at most 60 characters',
  categoryNameInvalid: 'Category name contains characters that are not allowed',
  categoryPositionInvalid: 'Position must be a whole number from 0 to 10000',
  categoryParentUnknown: 'There is no such parent category.',
  categoryParentCycle: 'A category cannot sit under itself or one of its own subcategories.',
  categoryHasParts: (count: number) =>
    `This category still holds ${count} listed ${count === 1 ? 'part' : 'parts'}: move or delete them first.`,
  categoryHasChildren: 'This category still has subcategories: move or delete them first.',
  attributesTooMany: 'A category defines at most 30 attributes',
  attributeKeyInvalid: 'An attribute key starts with a letter and holds letters and digits only (at most 40)',
  attributeKeyRepeated: (key: string) => `The attribute ${key} is defined twice.`,
  attributeKeyInherited: (key: string, category: string) =>
    `The attribute ${key} is already defined by the category ${category}.`,
  attributeLabelRequired: 'Attribute label is Required',
  attributeLabelInvalid: 'Attribute label must be plain text of at most 60 characters',
  attributeUnitInvalid: 'Attribute unit must be plain text of at most 12 characters',
  attributeTypeInvalid: "Attribute type is 'enum', 'number' or 'boolean'",
  /** A definition that parts use cannot be taken away or change its type under them. */
  attributeInUse: (key: string, count: number) =>
    `${count} listed ${count === 1 ? 'part holds' : 'parts hold'} a value for ${key}: change them first.`,
  partCategoryUnknown: 'There is no such category.',
  brandInvalid: 'Brand must be plain text of at most 60 characters',
  attributesNeedCategory: 'Attributes need a category that defines them',
  attributeNotDefined: (key: string) => `The category does not define ${key}.`,
  attributeNotNumber: (label: string) => `${label} must be a number`,
  attributeNotBoolean: (label: string) => `${label} must be true or false`,
  attributeValueInvalid: 'An attribute value must be plain text',
  attributeNotText: (label: string) => `${label} must be plain text of at most 60 characters, without commas`,
  filterUnknown: 'There is no such filter here.',
  filterValuesInvalid: 'Filter values are plain text, separated by commas',
  filterBooleanInvalid: "A yes/no filter takes 'true', 'false' or both",
  filterRangeInvalid: 'A range is min..max, either side may be left open (e.g. 8..16, 100.., ..400)',
  filterAttributesNeedCategory: 'Attribute filters need a category',
  compatibleWithUnknown: 'There is no such part to match.',
  facetBrand: 'Brand',
  facetPrice: 'Price',
} as const;
