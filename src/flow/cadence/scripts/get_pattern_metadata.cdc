/// One pattern token's metadata through the standard views: the pattern view (pattern id,
/// name, description, image, creator, owner, edition, attributes), its ExternalURL (the
/// pattern's public marketplace page; nil when the token resolves none) and its royalties.
/// nil when the account has no such token.
import "MetadataViews"
import "BreathingPatternNFT"

access(all) struct RoyaltyInfo {
    access(all) let receiver: Address
    access(all) let cut: UFix64
    access(all) let description: String

    init(receiver: Address, cut: UFix64, description: String) {
        self.receiver = receiver
        self.cut = cut
        self.description = description
    }
}

access(all) struct PatternTokenMetadata {
    access(all) let pattern: BreathingPatternNFT.PatternView
    access(all) let externalURL: String?
    access(all) let royalties: [RoyaltyInfo]

    init(pattern: BreathingPatternNFT.PatternView, externalURL: String?, royalties: [RoyaltyInfo]) {
        self.pattern = pattern
        self.externalURL = externalURL
        self.royalties = royalties
    }
}

access(all) fun main(address: Address, id: UInt64): PatternTokenMetadata? {
    let collection = getAccount(address).capabilities.borrow<&BreathingPatternNFT.Collection>(BreathingPatternNFT.CollectionPublicPath)
        ?? panic("The account has no BreathingPatternNFT collection")
    let nft = collection.borrowNFT(id)
    if nft == nil {
        return nil
    }
    let pattern = nft!.resolveView(Type<BreathingPatternNFT.PatternView>())! as! BreathingPatternNFT.PatternView
    let externalURL = MetadataViews.getExternalURL(nft!)
    let royaltyView = MetadataViews.getRoyalties(nft!) ?? MetadataViews.Royalties([])
    var royalties: [RoyaltyInfo] = []
    for royalty in royaltyView.getRoyalties() {
        royalties.append(RoyaltyInfo(receiver: royalty.receiver.address, cut: royalty.cut, description: royalty.description))
    }
    return PatternTokenMetadata(pattern: pattern, externalURL: externalURL?.url, royalties: royalties)
}
