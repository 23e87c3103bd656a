/// Mints `copies` editions (1 to 10) of a published Pneuma pattern in one transaction with
/// the signer's own minter and deposits them in the recipient's collection. Royalty cuts arrive as fractions (the percent typed,
/// divided by 100); each receiver gets its cut through the generic royalty receiver path,
/// or its Flow token receiver when that path is not set up.
import "FungibleToken"
import "NonFungibleToken"
import "MetadataViews"
import "BreathingPatternNFT"

transaction(
    patternId: String,
    name: String,
    description: String,
    image: String,
    externalURL: String,
    inhale: UFix64,
    hold: UFix64,
    exhale: UFix64,
    rest: UFix64,
    difficulty: String,
    category: String,
    tags: [String],
    totalCycles: UInt64,
    copies: UInt64,
    recipient: Address,
    royaltyReceivers: [Address],
    royaltyCuts: [UFix64],
    royaltyDescriptions: [String]
) {
    let minter: &BreathingPatternNFT.NFTMinter
    let receiver: &{NonFungibleToken.Receiver}

    prepare(signer: auth(BorrowValue) &Account) {
        self.minter = signer.storage.borrow<&BreathingPatternNFT.NFTMinter>(from: BreathingPatternNFT.MinterStoragePath)
            ?? panic("The signer has no BreathingPatternNFT minter: run the account setup transaction first")
        self.receiver = getAccount(recipient).capabilities.borrow<&{NonFungibleToken.Receiver}>(BreathingPatternNFT.CollectionPublicPath)
            ?? panic("The recipient has no BreathingPatternNFT collection: they must set up their account first")
    }

    pre {
        copies >= 1 && copies <= 10: "copies must be 1 to 10"
        royaltyReceivers.length == royaltyCuts.length && royaltyCuts.length == royaltyDescriptions.length:
            "royaltyReceivers, royaltyCuts and royaltyDescriptions must have the same length"
    }

    execute {
        var royalties: [MetadataViews.Royalty] = []
        var i = 0
        while i < royaltyReceivers.length {
            let account = getAccount(royaltyReceivers[i])
            var cap = account.capabilities.get<&{FungibleToken.Receiver}>(MetadataViews.getRoyaltyReceiverPublicPath())
            if !cap.check() {
                cap = account.capabilities.get<&{FungibleToken.Receiver}>(/public/flowTokenReceiver)
            }
            if !cap.check() {
                panic("A royalty receiver has no fungible token receiver: ".concat(royaltyReceivers[i].toString()))
            }
            royalties.append(MetadataViews.Royalty(receiver: cap, cut: royaltyCuts[i], description: royaltyDescriptions[i]))
            i = i + 1
        }

        let attributes = BreathingPatternNFT.PatternAttributes(
            inhale: inhale,
            hold: hold,
            exhale: exhale,
            rest: rest,
            difficulty: difficulty,
            category: category,
            tags: tags,
            totalCycles: totalCycles
        )
        var minted: UInt64 = 0
        while minted < copies {
            let token <- self.minter.mintPattern(
                patternId: patternId,
                name: name,
                description: description,
                image: image,
                externalURL: externalURL,
                attributes: attributes,
                royalties: royalties
            )
            self.receiver.deposit(token: <-token)
            minted = minted + 1
        }
    }
}
